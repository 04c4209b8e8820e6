print("d3")
