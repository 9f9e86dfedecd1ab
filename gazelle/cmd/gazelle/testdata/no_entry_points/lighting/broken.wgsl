// Does not parse: Gazelle cannot tell whether it has entry points, so it is not in no_spirv,
// and the build reports the error.
struct Broken {
  a: f32,,
}
