// XMLCore
