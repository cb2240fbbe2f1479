cimport cython
