# Pig is compiled like every engine (its rules stay Python objects: it is small and slow on purpose).
cimport cython
