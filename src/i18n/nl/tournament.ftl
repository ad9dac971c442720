# tournament (nl)
