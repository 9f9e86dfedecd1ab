// Typical: a tiled deferred-lighting compute pass. Each 16x16 tile reads its depth range from
// the G-buffer, culls the light list against the tile's frustum into workgroup memory, then
// shades its pixels with a Cook-Torrance BRDF (GGX, Smith, Schlick), shadows from a cascaded
// shadow map, ambient occlusion and fog, and writes HDR colour to a storage texture.

const PI: f32 = 3.14159265358979;
const TILE: u32 = 16u;
const MAX_LIGHTS_PER_TILE: u32 = 256u;
const CASCADES: u32 = 4u;
const LIGHT_POINT: u32 = 0u;
const LIGHT_SPOT: u32 = 1u;
const LIGHT_DIRECTIONAL: u32 = 2u;

struct Camera {
    view: mat4x4f,
    projection: mat4x4f,
    inv_projection: mat4x4f,
    inv_view: mat4x4f,
    position: vec3f,
    near: f32,
    viewport: vec2f,
    far: f32,
    exposure: f32,
}

struct Light {
    position: vec3f,
    range: f32,
    direction: vec3f,
    kind: u32,
    color: vec3f,
    intensity: f32,
    inner_cone: f32,
    outer_cone: f32,
    shadow_index: i32,
    _pad: u32,
}

struct Cascade {
    view_projection: mat4x4f,
    split_depth: f32,
    texel_size: f32,
    bias: f32,
    normal_bias: f32,
}

struct Shadows {
    cascades: array<Cascade, CASCADES>,
    sun_direction: vec3f,
    cascade_count: u32,
    sun_color: vec3f,
    sun_intensity: f32,
}

struct Fog {
    color: vec3f,
    density: f32,
    height_falloff: f32,
    start: f32,
    _pad: vec2f,
}

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var<uniform> shadows: Shadows;
@group(0) @binding(2) var<uniform> fog: Fog;
@group(0) @binding(3) var<storage, read> lights: array<Light>;

@group(1) @binding(0) var gbuffer_albedo: texture_2d<f32>;
@group(1) @binding(1) var gbuffer_normal: texture_2d<f32>;
@group(1) @binding(2) var gbuffer_material: texture_2d<f32>;
@group(1) @binding(3) var gbuffer_depth: texture_depth_2d;
@group(1) @binding(4) var ao_texture: texture_2d<f32>;
@group(1) @binding(5) var shadow_map: texture_depth_2d_array;
@group(1) @binding(6) var shadow_sampler: sampler_comparison;
@group(1) @binding(7) var linear_sampler: sampler;
@group(1) @binding(8) var environment: texture_cube<f32>;
@group(1) @binding(9) var output: texture_storage_2d<rgba16float, write>;

var<workgroup> tile_min_depth: atomic<u32>;
var<workgroup> tile_max_depth: atomic<u32>;
var<workgroup> tile_light_count: atomic<u32>;
var<workgroup> tile_lights: array<u32, MAX_LIGHTS_PER_TILE>;

struct Surface {
    position: vec3f,
    normal: vec3f,
    view: vec3f,
    albedo: vec3f,
    metallic: f32,
    roughness: f32,
    f0: vec3f,
    occlusion: f32,
}

fn linear_depth(d: f32) -> f32 {
    return camera.near * camera.far / (camera.far - d * (camera.far - camera.near));
}

fn view_position(uv: vec2f, depth: f32) -> vec3f {
    let ndc = vec4f(uv.x * 2.0 - 1.0, 1.0 - uv.y * 2.0, depth, 1.0);
    let p = camera.inv_projection * ndc;
    return p.xyz / p.w;
}

fn decode_normal(e: vec2f) -> vec3f {
    // Octahedral decoding.
    var n = vec3f(e.x, e.y, 1.0 - abs(e.x) - abs(e.y));
    let t = max(-n.z, 0.0);
    n.x += select(t, -t, n.x >= 0.0);
    n.y += select(t, -t, n.y >= 0.0);
    return normalize(n);
}

fn distribution_ggx(n_dot_h: f32, roughness: f32) -> f32 {
    let a = roughness * roughness;
    let a2 = a * a;
    let d = n_dot_h * n_dot_h * (a2 - 1.0) + 1.0;
    return a2 / (PI * d * d);
}

fn geometry_schlick_ggx(n_dot_v: f32, roughness: f32) -> f32 {
    let r = roughness + 1.0;
    let k = r * r / 8.0;
    return n_dot_v / (n_dot_v * (1.0 - k) + k);
}

fn geometry_smith(n_dot_v: f32, n_dot_l: f32, roughness: f32) -> f32 {
    return geometry_schlick_ggx(n_dot_v, roughness) * geometry_schlick_ggx(n_dot_l, roughness);
}

fn fresnel_schlick(cos_theta: f32, f0: vec3f) -> vec3f {
    return f0 + (vec3f(1.0) - f0) * pow(clamp(1.0 - cos_theta, 0.0, 1.0), 5.0);
}

fn fresnel_schlick_roughness(cos_theta: f32, f0: vec3f, roughness: f32) -> vec3f {
    return f0 + (max(vec3f(1.0 - roughness), f0) - f0) * pow(clamp(1.0 - cos_theta, 0.0, 1.0), 5.0);
}

fn brdf(s: Surface, l: vec3f, radiance: vec3f) -> vec3f {
    let h = normalize(s.view + l);
    let n_dot_l = max(dot(s.normal, l), 0.0);
    let n_dot_v = max(dot(s.normal, s.view), 1e-4);
    let n_dot_h = max(dot(s.normal, h), 0.0);
    let d = distribution_ggx(n_dot_h, s.roughness);
    let g = geometry_smith(n_dot_v, n_dot_l, s.roughness);
    let f = fresnel_schlick(max(dot(h, s.view), 0.0), s.f0);
    let specular = d * g * f / (4.0 * n_dot_v * n_dot_l + 1e-4);
    let kd = (vec3f(1.0) - f) * (1.0 - s.metallic);
    return (kd * s.albedo / PI + specular) * radiance * n_dot_l;
}

fn attenuation(distance: f32, range: f32) -> f32 {
    let x = clamp(1.0 - pow(distance / range, 4.0), 0.0, 1.0);
    return x * x / (distance * distance + 1.0);
}

fn select_cascade(view_depth: f32) -> u32 {
    var cascade = 0u;
    for (var i = 0u; i < shadows.cascade_count - 1u; i++) {
        if view_depth > shadows.cascades[i].split_depth {
            cascade = i + 1u;
        }
    }
    return min(cascade, CASCADES - 1u);
}

fn sun_shadow(world: vec3f, normal: vec3f, view_depth: f32) -> f32 {
    let index = select_cascade(view_depth);
    let c = shadows.cascades[index];
    let offset_world = world + normal * c.normal_bias;
    let clip = c.view_projection * vec4f(offset_world, 1.0);
    let ndc = clip.xyz / clip.w;
    let uv = vec2f(ndc.x * 0.5 + 0.5, 0.5 - ndc.y * 0.5);
    if any(uv < vec2f(0.0)) || any(uv > vec2f(1.0)) {
        return 1.0;
    }
    // 5x5 PCF.
    var sum = 0.0;
    for (var y = -2; y <= 2; y++) {
        for (var x = -2; x <= 2; x++) {
            let o = vec2f(f32(x), f32(y)) * c.texel_size;
            sum += textureSampleCompareLevel(shadow_map, shadow_sampler, uv + o, index, ndc.z - c.bias);
        }
    }
    return sum / 25.0;
}

fn light_in_tile(light: Light, planes: array<vec4f, 6>) -> bool {
    if light.kind == LIGHT_DIRECTIONAL {
        return true;
    }
    let center = (camera.view * vec4f(light.position, 1.0)).xyz;
    for (var i = 0u; i < 6u; i++) {
        if dot(planes[i].xyz, center) + planes[i].w < -light.range {
            return false;
        }
    }
    return true;
}

fn tile_planes(tile: vec2u, min_z: f32, max_z: f32) -> array<vec4f, 6> {
    let tiles = ceil(camera.viewport / f32(TILE));
    let step = 2.0 / tiles;
    let lo = vec2f(tile) * step - 1.0;
    let hi = lo + step;
    var corners: array<vec3f, 4>;
    corners[0] = view_position(vec2f(lo.x, hi.y) * 0.5 + 0.5, 1.0);
    corners[1] = view_position(vec2f(hi.x, hi.y) * 0.5 + 0.5, 1.0);
    corners[2] = view_position(vec2f(hi.x, lo.y) * 0.5 + 0.5, 1.0);
    corners[3] = view_position(vec2f(lo.x, lo.y) * 0.5 + 0.5, 1.0);
    var planes: array<vec4f, 6>;
    for (var i = 0u; i < 4u; i++) {
        let n = normalize(cross(corners[i], corners[(i + 1u) % 4u]));
        planes[i] = vec4f(n, 0.0);
    }
    planes[4] = vec4f(0.0, 0.0, -1.0, -min_z);
    planes[5] = vec4f(0.0, 0.0, 1.0, max_z);
    return planes;
}

fn shade_light(s: Surface, light: Light) -> vec3f {
    var l: vec3f;
    var radiance = light.color * light.intensity;
    switch light.kind {
        case LIGHT_POINT: {
            let to_light = (camera.view * vec4f(light.position, 1.0)).xyz - s.position;
            let dist = length(to_light);
            l = to_light / dist;
            radiance *= attenuation(dist, light.range);
        }
        case LIGHT_SPOT: {
            let to_light = (camera.view * vec4f(light.position, 1.0)).xyz - s.position;
            let dist = length(to_light);
            l = to_light / dist;
            let spot_dir = normalize((camera.view * vec4f(light.direction, 0.0)).xyz);
            let cos_angle = dot(-l, spot_dir);
            let cone = smoothstep(light.outer_cone, light.inner_cone, cos_angle);
            radiance *= attenuation(dist, light.range) * cone;
        }
        default: {
            l = -normalize((camera.view * vec4f(light.direction, 0.0)).xyz);
        }
    }
    return brdf(s, l, radiance);
}

fn ambient(s: Surface, world_normal: vec3f, world_view: vec3f) -> vec3f {
    let n_dot_v = max(dot(s.normal, s.view), 0.0);
    let f = fresnel_schlick_roughness(n_dot_v, s.f0, s.roughness);
    let kd = (1.0 - f) * (1.0 - s.metallic);
    let irradiance = textureSampleLevel(environment, linear_sampler, world_normal, 8.0).rgb;
    let r = reflect(-world_view, world_normal);
    let prefiltered = textureSampleLevel(environment, linear_sampler, r, s.roughness * 8.0).rgb;
    return (kd * irradiance * s.albedo + prefiltered * f) * s.occlusion;
}

fn apply_fog(color: vec3f, world: vec3f, distance: f32) -> vec3f {
    let d = max(distance - fog.start, 0.0);
    let height = exp(-max(world.y, 0.0) * fog.height_falloff);
    let amount = 1.0 - exp(-d * fog.density * height);
    return mix(color, fog.color, clamp(amount, 0.0, 1.0));
}

fn aces(x: vec3f) -> vec3f {
    let a = 2.51;
    let b = 0.03;
    let c = 2.43;
    let d = 0.59;
    let e = 0.14;
    return clamp((x * (a * x + b)) / (x * (c * x + d) + e), vec3f(0.0), vec3f(1.0));
}

@compute @workgroup_size(TILE, TILE)
fn main(
    @builtin(global_invocation_id) gid: vec3u,
    @builtin(local_invocation_index) lid: u32,
    @builtin(workgroup_id) wid: vec3u,
) {
    let size = textureDimensions(gbuffer_depth);
    let pixel = min(gid.xy, size - 1u);
    let depth = textureLoad(gbuffer_depth, pixel, 0);
    let uv = (vec2f(pixel) + 0.5) / vec2f(size);
    let pos = view_position(uv, depth);

    if lid == 0u {
        atomicStore(&tile_min_depth, 0x7f7fffffu);
        atomicStore(&tile_max_depth, 0u);
        atomicStore(&tile_light_count, 0u);
    }
    workgroupBarrier();
    if depth < 1.0 {
        let z = bitcast<u32>(-pos.z);
        atomicMin(&tile_min_depth, z);
        atomicMax(&tile_max_depth, z);
    }
    workgroupBarrier();

    let min_z = bitcast<f32>(atomicLoad(&tile_min_depth));
    let max_z = bitcast<f32>(atomicLoad(&tile_max_depth));
    let planes = tile_planes(wid.xy, min_z, max_z);
    let light_count = arrayLength(&lights);
    for (var i = lid; i < light_count; i += TILE * TILE) {
        if light_in_tile(lights[i], planes) {
            let slot = atomicAdd(&tile_light_count, 1u);
            if slot < MAX_LIGHTS_PER_TILE {
                tile_lights[slot] = i;
            }
        }
    }
    workgroupBarrier();

    if any(gid.xy >= size) {
        return;
    }
    if depth >= 1.0 {
        let dir = normalize((camera.inv_view * vec4f(view_position(uv, 1.0), 0.0)).xyz);
        let sky = textureSampleLevel(environment, linear_sampler, dir, 0.0).rgb;
        textureStore(output, pixel, vec4f(aces(sky * camera.exposure), 1.0));
        return;
    }

    let albedo = textureLoad(gbuffer_albedo, pixel, 0);
    let normal_data = textureLoad(gbuffer_normal, pixel, 0);
    let material = textureLoad(gbuffer_material, pixel, 0);
    let ao = textureLoad(ao_texture, pixel / 2u, 0).r;

    var s: Surface;
    s.position = pos;
    let world_normal = decode_normal(normal_data.xy * 2.0 - 1.0);
    s.normal = normalize((camera.view * vec4f(world_normal, 0.0)).xyz);
    s.view = normalize(-pos);
    s.albedo = albedo.rgb;
    s.metallic = material.r;
    s.roughness = clamp(material.g, 0.045, 1.0);
    s.f0 = mix(vec3f(0.04), s.albedo, s.metallic);
    s.occlusion = min(ao, material.b);

    var color = vec3f(0.0);
    let count = min(atomicLoad(&tile_light_count), MAX_LIGHTS_PER_TILE);
    for (var i = 0u; i < count; i++) {
        color += shade_light(s, lights[tile_lights[i]]);
    }

    let world = (camera.inv_view * vec4f(pos, 1.0)).xyz;
    let sun_l = -normalize((camera.view * vec4f(shadows.sun_direction, 0.0)).xyz);
    let shadow = sun_shadow(world, world_normal, -pos.z);
    color += brdf(s, sun_l, shadows.sun_color * shadows.sun_intensity) * shadow;

    let world_view = normalize(camera.position - world);
    color += ambient(s, world_normal, world_view);
    color += albedo.rgb * normal_data.z * 4.0;
    color = apply_fog(color, world, length(pos));

    textureStore(output, pixel, vec4f(aces(color * camera.exposure), 1.0));
}
