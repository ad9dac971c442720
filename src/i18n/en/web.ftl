# web (en)
