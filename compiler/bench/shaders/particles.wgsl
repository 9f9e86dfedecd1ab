// Typical: a particle system's compute passes — emission, force accumulation, integration
// with collisions against planes and spheres, a spatial hash for neighbour queries, and
// compaction of the live particles into an indirect draw list.

const PI: f32 = 3.14159265358979;
const MAX_ATTRACTORS: u32 = 8u;
const MAX_COLLIDERS: u32 = 16u;
const HASH_SIZE: u32 = 65536u;
const WORKGROUP: u32 = 128u;
const NEIGHBOUR_LIMIT: u32 = 32u;

struct Particle {
    position: vec3f,
    age: f32,
    velocity: vec3f,
    lifetime: f32,
    color: vec4f,
    force: vec3f,
    mass: f32,
    size: f32,
    rotation: f32,
    angular_velocity: f32,
    flags: u32,
}

struct Attractor {
    position: vec3f,
    strength: f32,
    radius: f32,
    falloff: f32,
    kind: u32,
    _pad: u32,
}

struct Collider {
    // Planes use normal/offset; spheres use center/radius.
    normal_or_center: vec3f,
    offset_or_radius: f32,
    restitution: f32,
    friction: f32,
    kind: u32,
    enabled: u32,
}

struct SimParams {
    gravity: vec3f,
    dt: f32,
    wind: vec3f,
    drag: f32,
    emitter_position: vec3f,
    emitter_radius: f32,
    emitter_direction: vec3f,
    emitter_spread: f32,
    start_color: vec4f,
    end_color: vec4f,
    cell_size: f32,
    time: f32,
    frame: u32,
    emit_count: u32,
    attractor_count: u32,
    collider_count: u32,
    max_particles: u32,
    cohesion: f32,
    attractors: array<Attractor, MAX_ATTRACTORS>,
    colliders: array<Collider, MAX_COLLIDERS>,
}

struct Counters {
    alive: atomic<u32>,
    emitted: atomic<u32>,
    dead: atomic<u32>,
    collisions: atomic<u32>,
}

struct DrawIndirect {
    vertex_count: u32,
    instance_count: atomic<u32>,
    first_vertex: u32,
    first_instance: u32,
}

@group(0) @binding(0) var<uniform> params: SimParams;
@group(0) @binding(1) var<storage, read_write> particles: array<Particle>;
@group(0) @binding(2) var<storage, read_write> counters: Counters;
@group(0) @binding(3) var<storage, read_write> hash_heads: array<atomic<u32>, HASH_SIZE>;
@group(0) @binding(4) var<storage, read_write> hash_next: array<u32>;
@group(0) @binding(5) var<storage, read_write> draw_list: array<u32>;
@group(0) @binding(6) var<storage, read_write> draw_args: DrawIndirect;

const FLAG_ALIVE: u32 = 1u;
const FLAG_COLLIDED: u32 = 2u;
const FLAG_STATIC: u32 = 4u;
const INVALID: u32 = 0xffffffffu;

var<workgroup> local_alive: atomic<u32>;
var<workgroup> local_base: u32;

// PCG hash: a good 32-bit integer hash.
fn pcg(v: u32) -> u32 {
    let state = v * 747796405u + 2891336453u;
    let word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

fn rand01(seed: ptr<function, u32>) -> f32 {
    *seed = pcg(*seed);
    return f32(*seed) / 4294967295.0;
}

fn random_unit_vector(seed: ptr<function, u32>) -> vec3f {
    let z = rand01(seed) * 2.0 - 1.0;
    let a = rand01(seed) * 2.0 * PI;
    let r = sqrt(max(0.0, 1.0 - z * z));
    return vec3f(r * cos(a), r * sin(a), z);
}

fn random_in_cone(seed: ptr<function, u32>, axis: vec3f, spread: f32) -> vec3f {
    let cos_theta = mix(1.0, cos(spread), rand01(seed));
    let sin_theta = sqrt(1.0 - cos_theta * cos_theta);
    let phi = rand01(seed) * 2.0 * PI;
    var up = vec3f(0.0, 1.0, 0.0);
    if abs(axis.y) > 0.999 {
        up = vec3f(1.0, 0.0, 0.0);
    }
    let tangent = normalize(cross(up, axis));
    let bitangent = cross(axis, tangent);
    return normalize(tangent * (cos(phi) * sin_theta) + bitangent * (sin(phi) * sin_theta) + axis * cos_theta);
}

fn cell_of(p: vec3f) -> vec3i {
    return vec3i(floor(p / params.cell_size));
}

fn hash_cell(c: vec3i) -> u32 {
    let h = (u32(c.x) * 73856093u) ^ (u32(c.y) * 19349663u) ^ (u32(c.z) * 83492791u);
    return h % HASH_SIZE;
}

fn is_alive(p: Particle) -> bool {
    return (p.flags & FLAG_ALIVE) != 0u && p.age < p.lifetime;
}

fn attractor_force(a: Attractor, p: vec3f, mass: f32) -> vec3f {
    let d = a.position - p;
    let dist2 = max(dot(d, d), 1e-4);
    let dist = sqrt(dist2);
    if dist > a.radius {
        return vec3f(0.0);
    }
    var f: vec3f;
    switch a.kind {
        case 0u: {
            // Point gravity.
            f = d / dist * (a.strength * mass / dist2);
        }
        case 1u: {
            // Vortex around the y axis.
            let tangent = normalize(vec3f(-d.z, 0.0, d.x));
            f = tangent * a.strength * (1.0 - dist / a.radius);
        }
        case 2u: {
            // Linear falloff repulsor.
            f = -d / dist * a.strength * pow(1.0 - dist / a.radius, a.falloff);
        }
        default: {
            f = vec3f(0.0);
        }
    }
    return f;
}

fn accumulate_forces(p: Particle) -> vec3f {
    var f = params.gravity * p.mass;
    let rel = params.wind - p.velocity;
    f += rel * params.drag * p.size * p.size;
    let count = min(params.attractor_count, MAX_ATTRACTORS);
    for (var i = 0u; i < count; i++) {
        f += attractor_force(params.attractors[i], p.position, p.mass);
    }
    return f;
}

// Resolves one collider; returns true on contact.
fn collide(c: Collider, pos: ptr<function, vec3f>, vel: ptr<function, vec3f>, radius: f32) -> bool {
    if c.enabled == 0u {
        return false;
    }
    var n: vec3f;
    var depth: f32;
    if c.kind == 0u {
        n = c.normal_or_center;
        depth = radius - (dot(*pos, n) - c.offset_or_radius);
    } else {
        let d = *pos - c.normal_or_center;
        let len = length(d);
        n = select(vec3f(0.0, 1.0, 0.0), d / len, len > 1e-5);
        depth = c.offset_or_radius + radius - len;
    }
    if depth <= 0.0 {
        return false;
    }
    *pos += n * depth;
    let vn = dot(*vel, n);
    if vn < 0.0 {
        let normal_v = n * vn;
        let tangent_v = *vel - normal_v;
        *vel = tangent_v * (1.0 - c.friction) - normal_v * c.restitution;
    }
    return true;
}

fn neighbour_cohesion(index: u32, p: Particle) -> vec3f {
    let base = cell_of(p.position);
    var sum = vec3f(0.0);
    var count = 0u;
    for (var dz = -1; dz <= 1; dz++) {
        for (var dy = -1; dy <= 1; dy++) {
            for (var dx = -1; dx <= 1; dx++) {
                var j = atomicLoad(&hash_heads[hash_cell(base + vec3i(dx, dy, dz))]);
                loop {
                    if j == INVALID || count >= NEIGHBOUR_LIMIT {
                        break;
                    }
                    if j != index {
                        let q = particles[j].position;
                        let d = q - p.position;
                        if dot(d, d) < params.cell_size * params.cell_size {
                            sum += q;
                            count++;
                        }
                    }
                    continuing {
                        j = hash_next[j];
                    }
                }
            }
        }
    }
    if count == 0u {
        return vec3f(0.0);
    }
    return (sum / f32(count) - p.position) * params.cohesion;
}

@compute @workgroup_size(WORKGROUP)
fn clear_hash(@builtin(global_invocation_id) id: vec3u) {
    if id.x < HASH_SIZE {
        atomicStore(&hash_heads[id.x], INVALID);
    }
    if id.x == 0u {
        atomicStore(&counters.alive, 0u);
        atomicStore(&draw_args.instance_count, 0u);
        draw_args.vertex_count = 6u;
    }
}

@compute @workgroup_size(WORKGROUP)
fn emit(@builtin(global_invocation_id) id: vec3u) {
    if id.x >= params.emit_count {
        return;
    }
    let slot = atomicAdd(&counters.emitted, 1u) % params.max_particles;
    if (particles[slot].flags & FLAG_ALIVE) != 0u && particles[slot].age < particles[slot].lifetime {
        return;
    }
    var seed = pcg(id.x ^ (params.frame * 9781u));
    var p: Particle;
    p.position = params.emitter_position + random_unit_vector(&seed) * params.emitter_radius * rand01(&seed);
    p.velocity = random_in_cone(&seed, normalize(params.emitter_direction), params.emitter_spread) * mix(2.0, 5.0, rand01(&seed));
    p.age = 0.0;
    p.lifetime = mix(1.5, 4.0, rand01(&seed));
    p.color = params.start_color;
    p.force = vec3f(0.0);
    p.mass = mix(0.5, 1.5, rand01(&seed));
    p.size = mix(0.02, 0.08, rand01(&seed));
    p.rotation = rand01(&seed) * 2.0 * PI;
    p.angular_velocity = (rand01(&seed) - 0.5) * 4.0;
    p.flags = FLAG_ALIVE;
    particles[slot] = p;
}

@compute @workgroup_size(WORKGROUP)
fn build_hash(@builtin(global_invocation_id) id: vec3u) {
    let i = id.x;
    if i >= arrayLength(&particles) {
        return;
    }
    if !is_alive(particles[i]) {
        hash_next[i] = INVALID;
        return;
    }
    let h = hash_cell(cell_of(particles[i].position));
    hash_next[i] = atomicExchange(&hash_heads[h], i);
}

@compute @workgroup_size(WORKGROUP)
fn simulate(@builtin(global_invocation_id) id: vec3u, @builtin(local_invocation_index) lid: u32) {
    if lid == 0u {
        atomicStore(&local_alive, 0u);
    }
    workgroupBarrier();

    let i = id.x;
    var alive = false;
    if i < arrayLength(&particles) {
        var p = particles[i];
        if is_alive(p) && (p.flags & FLAG_STATIC) == 0u {
            let dt = params.dt;
            p.force = accumulate_forces(p) + neighbour_cohesion(i, p);
            // Semi-implicit Euler.
            var vel = p.velocity + p.force / p.mass * dt;
            var pos = p.position + vel * dt;
            var hit = false;
            let count = min(params.collider_count, MAX_COLLIDERS);
            for (var c = 0u; c < count; c++) {
                if collide(params.colliders[c], &pos, &vel, p.size * 0.5) {
                    hit = true;
                }
            }
            if hit {
                p.flags |= FLAG_COLLIDED;
                atomicAdd(&counters.collisions, 1u);
            } else {
                p.flags &= ~FLAG_COLLIDED;
            }
            p.velocity = vel;
            p.position = pos;
            p.rotation = fract((p.rotation + p.angular_velocity * dt) / (2.0 * PI)) * 2.0 * PI;
            p.age += dt;
            let t = clamp(p.age / p.lifetime, 0.0, 1.0);
            p.color = mix(params.start_color, params.end_color, smoothstep(0.0, 1.0, t));
            p.color.a *= 1.0 - t * t;
            if p.age >= p.lifetime {
                p.flags &= ~FLAG_ALIVE;
                atomicAdd(&counters.dead, 1u);
            } else {
                alive = true;
            }
            particles[i] = p;
        }
    }
    if alive {
        atomicAdd(&local_alive, 1u);
    }
    workgroupBarrier();
    if lid == 0u {
        let n = atomicLoad(&local_alive);
        local_base = atomicAdd(&counters.alive, n);
        atomicAdd(&draw_args.instance_count, n);
    }
    workgroupBarrier();
}

@compute @workgroup_size(WORKGROUP)
fn compact(@builtin(global_invocation_id) id: vec3u) {
    let i = id.x;
    if i >= arrayLength(&particles) || !is_alive(particles[i]) {
        return;
    }
    let slot = atomicAdd(&counters.alive, 1u);
    if slot < arrayLength(&draw_list) {
        draw_list[slot] = i;
    }
}
