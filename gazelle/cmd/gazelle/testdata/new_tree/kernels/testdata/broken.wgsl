not a shader either
