# tournament (en)
