# The core module is compiled with its classes as Python objects for now.
cimport cython
