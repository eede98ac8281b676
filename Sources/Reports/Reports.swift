// Reports module
