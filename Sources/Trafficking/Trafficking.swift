// Trafficking
