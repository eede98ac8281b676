// VAST module
