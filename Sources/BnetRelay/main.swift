print("bnet-relay")
