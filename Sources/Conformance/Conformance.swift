// Conformance module
