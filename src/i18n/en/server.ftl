# server (en)
