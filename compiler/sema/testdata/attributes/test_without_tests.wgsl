// Without the Tests option (a shader compiled for a pipeline), @test is an error.
@test fn squares() {} // ERROR "@test marks a test function"
