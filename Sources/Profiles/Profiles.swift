// Profiles module
