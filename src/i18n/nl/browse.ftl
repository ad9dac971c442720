# browse (nl)
