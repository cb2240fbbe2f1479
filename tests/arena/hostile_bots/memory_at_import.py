hoard = []
while True:
    hoard.append(bytes(256 << 20))
