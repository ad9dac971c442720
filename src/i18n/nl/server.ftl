# server (nl)
