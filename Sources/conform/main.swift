print("conform")
