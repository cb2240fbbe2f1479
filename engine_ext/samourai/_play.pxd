# Compiled with its classes as Python objects for now.
cimport cython
