// Chain module
