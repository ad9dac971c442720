# setup (nl)
