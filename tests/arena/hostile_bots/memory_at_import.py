hoard = []
while True:
    hoard.append(bytearray(256 << 20))
