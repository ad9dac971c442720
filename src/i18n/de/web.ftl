# web (de)
