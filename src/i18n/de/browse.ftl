# browse (de)
