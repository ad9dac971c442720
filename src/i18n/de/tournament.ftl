# tournament (de)
