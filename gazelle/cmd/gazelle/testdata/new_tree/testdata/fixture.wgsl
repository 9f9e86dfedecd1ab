not a shader: test data
