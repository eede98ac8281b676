// Validation module
