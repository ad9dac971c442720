# browse (en)
