import sparkle::glow;

@compute @workgroup_size(1) fn main() { glow(); }
