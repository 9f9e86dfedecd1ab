"""Bazel rules for WGSL shaders, built on rules_go.

    load("@com_github_wgslgo_wgslgo//rules:defs.bzl", "wgsl_go_library", "wgsl_library", "wgsl_spirv")

    # particles.wgsl -> particles_spv/particles.spv and particles_spv/particles.json;
    # shared.wgsl, without entry points, has no SPIR-V: particles_spv/shared.json only.
    wgsl_spirv(
        name = "particles_spv",
        srcs = ["particles.wgsl", "shared.wgsl"],
        no_spirv = ["shared.wgsl"],
        overrides = {"workgroup_width": "128"},
    )

    # A Go package with typed buffer structs and the embedded SPIR-V.
    wgsl_go_library(
        name = "particles",
        srcs = ["particles.wgsl"],
        importpath = "example.com/app/particles",
    )

    # A WESL package in lib/lights (its wesl.toml and modules), and a shader importing it.
    wgsl_library(
        name = "lights_wesl",
        srcs = ["wesl.toml", "shaders/point.wesl"],
        deps = ["//lib/types:types_wesl"],
    )
    wgsl_spirv(
        name = "scene_spv",
        srcs = ["scene.wesl"],
        deps = ["//lib/lights:lights_wesl"],
    )

Under bzlmod the repository is the module's (`@wgslgo//rules:defs.bzl`). Both rules run the
project's own pure-Go tools (//tools/wgslc, //tools/wgslgen), built for the execution platform:
every input and output is declared, nothing comes from the host or the network, so the actions
are cacheable and can run remotely. Shader errors fail the build with the compiler's
`file:line:col: error: ...` diagnostics.

A shader without entry points (a file of shared structures) has no SPIR-V, and Bazel must know
the outputs before the tools run: such shaders are listed in `no_spirv` (wgslgo's Gazelle
extension lists them). A shader listed wrongly, or missing from the list, fails the build with
a message that says which way.

A shader's actions can import only the WESL packages of its target's deps (and a library's
modules those of its own deps): the tools get them in a manifest (-wesl-packages), and an
import of any other package fails at its `file:line:col` with the label to add to deps.

Both rules also have an output group `wgsl_check` that only checks the shaders (one action per
shader, no code generated): `bazel build --output_groups=wgsl_check //...` lints every shader.
"""

load("@io_bazel_rules_go//go:def.bzl", "go_library")

WgslInfo = provider(
    doc = "Shaders compiled by wgsl_spirv.",
    fields = {
        "srcs": "depset of the .wgsl sources",
        "spirv": "list of .spv files, one per source with entry points (not in no_spirv), in the order of srcs",
        "reflection": "list of reflection .json files, one per source, in the order of srcs",
        "no_spirv": "depset of the sources without entry points, which have no .spv",
    },
)

WeslInfo = provider(
    doc = "A WESL package (wgsl_library) and the packages it depends on.",
    fields = {
        "label": "the wgsl_library's label",
        "name": "the package's name, as importers that do not name it in a wesl.toml call it",
        "dir": "the directory of its wesl.toml, else its root, from the execution root",
        "files": "depset of the files of the package and of every package it reaches",
        "packages": "depset of the manifest entries (JSON) of the package and of every " +
                    "package it reaches, which the tools' -wesl-packages reads",
    },
)

def _bazel_package_dir(label):
    return "/".join([p for p in [label.workspace_root, label.package] if p])

def _wgsl_library_impl(ctx):
    dir = _bazel_package_dir(ctx.label)
    configs = [f for f in ctx.files.srcs if f.basename == "wesl.toml"]
    if len(configs) > 1:
        fail("srcs has %d wesl.toml files: a wgsl_library is one package" % len(configs))
    if configs:
        dir = configs[0].dirname
    name = ctx.attr.package_name or ctx.label.package.rpartition("/")[2]
    if not name:
        fail("set package_name: the package at the repository's root has no directory name")
    entry = json.encode(struct(
        label = str(ctx.label),
        name = name,
        dir = dir,
        deps = [str(d[WeslInfo].label) for d in ctx.attr.deps],
    ))
    return [
        DefaultInfo(files = depset(ctx.files.srcs)),
        WeslInfo(
            label = ctx.label,
            name = name,
            dir = dir,
            files = depset(ctx.files.srcs, transitive = [d[WeslInfo].files for d in ctx.attr.deps]),
            packages = depset([entry], transitive = [d[WeslInfo].packages for d in ctx.attr.deps]),
        ),
    ]

wgsl_library = rule(
    implementation = _wgsl_library_impl,
    doc = "A WESL package: its module files (and wesl.toml) for the wgsl_spirv, " +
          "wgsl_go_library and wgsl_library targets that list it in deps. Only the " +
          "packages a target lists, and those they list in turn for their own modules, " +
          "can be imported in its actions.",
    attrs = {
        "srcs": attr.label_list(
            allow_files = [".wgsl", ".wesl", "wesl.toml"],
            mandatory = True,
            doc = "The package's module files, and its wesl.toml when it has one (the " +
                  "package root is then the one it says).",
        ),
        "deps": attr.label_list(
            providers = [WeslInfo],
            doc = "The wgsl_library targets of the packages this package's modules import.",
        ),
        "package_name": attr.string(
            doc = "The name modules import the package by when their wesl.toml does not " +
                  "name it; default: the directory's name.",
        ),
    },
    provides = [WeslInfo],
)

def _manifest(ctx):
    """Writes the manifest of the WESL packages the target's actions may import."""
    packages = depset(transitive = [d[WeslInfo].packages for d in ctx.attr.deps]).to_list()
    target = str(ctx.label)
    if getattr(ctx.attr, "library", ""):
        # Messages name the wgsl_go_library a user writes, not its generator target.
        target = target.rpartition(":")[0] + ":" + ctx.attr.library
    content = "{%s}\n" % ", ".join([
        '"target": ' + json.encode(target),
        '"package_dir": ' + json.encode(_bazel_package_dir(ctx.label)),
        '"deps": ' + json.encode([str(d[WeslInfo].label) for d in ctx.attr.deps]),
        '"packages": [%s]' % ", ".join(sorted(packages)),
    ])
    manifest = ctx.actions.declare_file(ctx.label.name + ".wesl_packages.json")
    ctx.actions.write(manifest, content)
    return manifest

_OPTION_ATTRS = {
    "srcs": attr.label_list(
        allow_files = [".wgsl", ".wesl"],
        mandatory = True,
        doc = "WGSL sources and WESL root modules. Each is compiled on its own (a WESL root " +
              "with the modules it imports).",
    ),
    "modules": attr.label_list(
        allow_files = [".wgsl", ".wesl", "wesl.toml"],
        doc = "The WESL modules the srcs import (and the wesl.toml that says where their " +
              "package root is): inputs of every action, not compiled on their own.",
    ),
    "deps": attr.label_list(
        providers = [WeslInfo],
        doc = "The wgsl_library targets of the WESL packages the srcs import: the only " +
              "packages their actions can open (with those the libraries depend on for " +
              "their own modules).",
    ),
    "wesl_features": attr.string_list(
        doc = "Values of WESL's translate-time features (@if), as wgslc and wgslgen -feature: " +
              "\"NAME\" sets one on, \"NAME=false\" off. (Bazel keeps the name `features` " +
              "for its own attribute of every rule.)",
    ),
    "no_spirv": attr.label_list(
        allow_files = [".wgsl", ".wesl"],
        doc = "The srcs without entry points (files of shared structures): they have no SPIR-V. " +
              "The build fails, naming the attribute, when the list is wrong.",
    ),
    "target": attr.string(
        doc = "Target environment (vulkan1.0, vulkan1.1, vulkan1.2, vulkan1.3); empty: the " +
              "tools' default.",
    ),
    "overrides": attr.string_dict(
        doc = "Pipeline-overridable constants substituted at compile time: name -> value.",
    ),
    "uniform_standard_layout": attr.bool(
        doc = "Allow storage-buffer layout rules in uniform buffers " +
              "(uniform_buffer_standard_layout).",
    ),
    "webgpu_limits": attr.bool(
        doc = "Errors, not warnings, beyond WGSL's limits and WebGPU's default limits " +
              "(for shaders that must also run on WebGPU).",
    ),
    "_wgslc": attr.label(
        default = Label("//tools/wgslc"),
        executable = True,
        cfg = "exec",
    ),
    "_stamp": attr.label(
        default = Label("//rules/internal/stamp"),
        executable = True,
        cfg = "exec",
    ),
    "_spirvcheck": attr.label(
        default = Label("//rules/internal/spirvcheck"),
        executable = True,
        cfg = "exec",
    ),
}

def _option_args(attr, manifest):
    """The command-line options shared by wgslc and wgslgen, in a fixed order."""
    args = ["-wesl-packages=" + manifest.path]
    if attr.target:
        args.append("-target=" + attr.target)
    for name in sorted(attr.overrides):
        args.append("-override=%s=%s" % (name, attr.overrides[name]))
    if attr.uniform_standard_layout:
        args.append("-uniform-standard-layout")
    if attr.webgpu_limits:
        args.append("-webgpu-limits")
    for feature in attr.wesl_features:
        args.append("-feature=" + feature)
    return args

def _basename_stem(src):
    return src.basename[:-len(".wgsl")]

def _inputs(ctx, srcs, manifest):
    """What compiling sources reads: the sources, the modules they may import, the manifest
    of their WESL packages and those packages' files."""
    return depset(
        srcs + ctx.files.modules + [manifest],
        transitive = [d[WeslInfo].files for d in ctx.attr.deps],
    )

def _unique_stems(ctx):
    seen = {}
    for src in ctx.files.srcs:
        stem = _basename_stem(src)
        if stem in seen:
            fail("%s and %s have the same name; their outputs would collide: put them in separate targets" % (seen[stem].short_path, src.short_path))
        seen[stem] = src

def _no_spirv(ctx):
    """The srcs listed in no_spirv, by path; each must be one of srcs."""
    srcs = {src.path: True for src in ctx.files.srcs}
    none = {}
    for src in ctx.files.no_spirv:
        if src.path not in srcs:
            fail("no_spirv lists %s, which is not in srcs" % src.short_path)
        none[src.path] = True
    return none

def _check_actions(ctx, options, manifest):
    """One action per shader that checks it without generating code: the wgsl_check group.

    wgslc -check (parse, resolve, type-check, validate) writes nothing when a shader is good,
    so the stamp tool records the pass.
    """
    stamps = []
    for src in ctx.files.srcs:
        stamp = ctx.actions.declare_file("%s/%s.checked" % (ctx.label.name, src.basename))
        args = ctx.actions.args()
        args.add(stamp)
        args.add(ctx.executable._wgslc)
        args.add("-check")
        args.add_all(options)
        args.add(src)
        ctx.actions.run(
            executable = ctx.executable._stamp,
            tools = [ctx.attr._wgslc[DefaultInfo].files_to_run],
            arguments = [args],
            inputs = _inputs(ctx, [src], manifest),
            outputs = [stamp],
            mnemonic = "WgslCheck",
            progress_message = "Checking WGSL %s" % src.short_path,
        )
        stamps.append(stamp)
    return stamps

def _wgsl_spirv_impl(ctx):
    _unique_stems(ctx)
    none = _no_spirv(ctx)
    manifest = _manifest(ctx)
    options = _option_args(ctx.attr, manifest)
    if ctx.attr.dialect != "auto":
        options.append("-dialect=" + ctx.attr.dialect)
    if ctx.attr.entry_point:
        options.append("-entry-point=" + ctx.attr.entry_point)
    check_options = list(options)
    if ctx.attr.debug:
        options.append("-g")
    if ctx.attr.robustness != "on":
        options.append("-robustness=" + ctx.attr.robustness)
    if ctx.attr.strip_names:
        options.append("-strip-names")
    spirv = []
    reflection = []
    for src in ctx.files.srcs:
        stem = "%s/%s" % (ctx.label.name, _basename_stem(src))
        json = ctx.actions.declare_file(stem + ".json")
        outputs = [json]
        args = ctx.actions.args()
        executable, tools = ctx.executable._wgslc, []
        if src.path in none:
            # Its reflection only, through spirvcheck, which fails unless the reflection
            # lists no entry point. (wgslc refuses to write the SPIR-V of a module without
            # entry points, with an error at its start: no_spirv is the way out.)
            executable, tools = ctx.executable._spirvcheck, [ctx.attr._wgslc[DefaultInfo].files_to_run]
            args.add("-reflected=%s=%s" % (src.short_path, json.path))
            args.add(ctx.executable._wgslc)
        else:
            spv = ctx.actions.declare_file(stem + ".spv")
            outputs.insert(0, spv)
            args.add("-o", spv)
            spirv.append(spv)
        args.add("-reflect", json)
        args.add_all(options)
        args.add(src)
        ctx.actions.run(
            executable = executable,
            tools = tools,
            arguments = [args],
            inputs = _inputs(ctx, [src], manifest),
            outputs = outputs,
            mnemonic = "WgslCompile",
            progress_message = "Compiling WGSL %s" % src.short_path,
        )
        reflection.append(json)
    return [
        DefaultInfo(files = depset(spirv + reflection)),
        OutputGroupInfo(
            spirv = depset(spirv),
            reflection = depset(reflection),
            wgsl_check = depset(_check_actions(ctx, check_options, manifest)),
        ),
        WgslInfo(
            srcs = depset(ctx.files.srcs),
            spirv = spirv,
            reflection = reflection,
            no_spirv = depset(ctx.files.no_spirv),
        ),
    ]

wgsl_spirv = rule(
    implementation = _wgsl_spirv_impl,
    doc = "Compiles each WGSL source with wgslc to NAME/<source>.spv and reflection JSON " +
          "NAME/<source>.json (output groups `spirv` and `reflection` select one kind); the " +
          "sources in no_spirv, without entry points, have no .spv.",
    attrs = dict(_OPTION_ATTRS, **{
        "entry_point": attr.string(doc = "Keep only this entry point; empty: all of them."),
        "dialect": attr.string(
            default = "auto",
            values = ["auto", "modern", "legacy2021"],
            doc = "Source dialect, as wgslc -dialect: modern WGSL, the 2021 draft, or auto " +
                  "(detected).",
        ),
        "debug": attr.bool(
            doc = "Debug information, as wgslc -g: the source embedded (OpString, OpSource) and " +
                  "instructions mapped to its lines and columns (OpLine).",
        ),
        "robustness": attr.string(
            default = "on",
            values = ["on", "off"],
            doc = "Bounds clamping of memory accesses, as wgslc -robustness.",
        ),
        "strip_names": attr.bool(
            doc = "Leave out OpName and OpMemberName (smaller SPIR-V), as wgslc -strip-names.",
        ),
    }),
    provides = [WgslInfo],
)

def _wgsl_go_srcs_impl(ctx):
    _unique_stems(ctx)
    none = _no_spirv(ctx)
    manifest = _manifest(ctx)
    options = _option_args(ctx.attr, manifest)
    go = ctx.actions.declare_file(ctx.attr.out)

    # wgslgen -embed=file writes, beside the Go file, one <source>.spv per shader with entry
    # points and //go:embed-s it; -embed=inline puts the SPIR-V in the Go file. spirvcheck
    # checks that the shaders of no_spirv are those without.
    spirv = []
    args = ctx.actions.args()
    if ctx.attr.embed == "file":
        for src in ctx.files.srcs:
            name = _basename_stem(src) + ".spv"
            if src.path in none:
                args.add("-no-spirv=%s=%s/%s" % (src.short_path, go.dirname, name))
            else:
                spv = ctx.actions.declare_file(name, sibling = go)
                args.add("-spirv=%s=%s" % (src.short_path, spv.path))
                spirv.append(spv)
    args.add(ctx.executable._wgslgen)
    args.add("-o", go)
    args.add("-pkg", ctx.attr.package)
    args.add_all(options)
    args.add("-embed=" + ctx.attr.embed)
    args.add("-wgsl=" + ctx.attr.wgsl)
    if ctx.attr.bindings:
        args.add("-for=" + ",".join(ctx.attr.bindings))
    if ctx.attr.prefix:
        args.add("-prefix")

    # wgslgen generates the shaders in the order of their file names, whatever the order here.
    args.add_all(ctx.files.srcs)
    ctx.actions.run(
        executable = ctx.executable._spirvcheck,
        tools = [ctx.attr._wgslgen[DefaultInfo].files_to_run],
        arguments = [args],
        inputs = _inputs(ctx, ctx.files.srcs, manifest),
        outputs = [go] + spirv,
        mnemonic = "WgslGen",
        progress_message = "Generating Go for WGSL %s" % ctx.label,
    )
    return [
        DefaultInfo(files = depset([go])),
        OutputGroupInfo(
            spirv = depset(spirv),
            wgsl_check = depset(_check_actions(ctx, options, manifest)),
        ),
    ]

_wgsl_go_srcs = rule(
    implementation = _wgsl_go_srcs_impl,
    attrs = dict(_OPTION_ATTRS, **{
        "out": attr.string(mandatory = True),
        "library": attr.string(doc = "The name of the wgsl_go_library that made this target."),
        "package": attr.string(mandatory = True),
        "embed": attr.string(default = "file", values = ["file", "inline"]),
        "wgsl": attr.string(default = "inline", values = ["inline", "none"]),
        "bindings": attr.string_list(),
        "prefix": attr.bool(),
        "_wgslgen": attr.label(
            default = Label("//tools/wgslgen"),
            executable = True,
            cfg = "exec",
        ),
    }),
)

# The package that generated code uses for its vector, matrix, stage and binding types.
_RUNTIME = Label("//gen/wgsl")

def _default_package(importpath):
    name = importpath.rpartition("/")[2]
    return "".join([c if c.isalnum() or c == "_" else "_" for c in name.elems()])

def wgsl_go_library(
        name,
        srcs,
        importpath,
        no_spirv = [],
        modules = [],
        wesl_features = [],
        package = None,
        deps = [],
        go_deps = [],
        target = "",
        overrides = {},
        uniform_standard_layout = False,
        webgpu_limits = False,
        embed = "file",
        wgsl = "inline",
        bindings = [],
        prefix = False,
        go_file = None,
        visibility = None,
        tags = None,
        testonly = None,
        **kwargs):
    """A go_library generated from WGSL shaders by wgslgen.

    The package holds typed Go structs for the shaders' buffers, binding and entry-point facts,
    and the SPIR-V, embedded from .spv files (embed = "file") or as literals (embed = "inline").
    The generation runs in a target NAME_wgslgen; its output group `wgsl_check` checks the
    shaders only. The Go file is byte for byte what `go generate` writes for the line
    `//go:generate wgslgen -o GO_FILE -pkg PACKAGE ...the options... SRCS` (the order of srcs
    does not matter). wgslgo's Gazelle extension writes these targets from such lines.

    Args:
        name: the go_library's name.
        srcs: .wgsl files and WESL roots (.wesl), all in one Go package.
        importpath: the Go import path of the package.
        modules: the WESL modules the srcs import (not generated on their own).
        wesl_features: values of WESL's translate-time features, as wgslgen's -feature:
            "NAME" on, "NAME=false" off.
        no_spirv: the srcs without entry points (files of shared structures), for which
            wgslgen writes no .spv (Gazelle lists them); the build fails, naming the
            attribute, when the list is wrong (with embed = "file").
        package: the Go package name; default: the last element of importpath.
        deps: the wgsl_library targets of the WESL packages the srcs import (the only
            packages the generation can open).
        go_deps: extra go_library dependencies (wgslgo's runtime package is always one).
        target: target environment (vulkan1.0 ... vulkan1.3); empty: the tools' default.
        overrides: override name -> value, substituted at compile time.
        uniform_standard_layout: allow storage-buffer layout rules in uniform buffers.
        webgpu_limits: errors, not warnings, beyond WGSL's and WebGPU's default limits.
        embed: "file" or "inline", as wgslgen's -embed.
        wgsl: "inline" (the tables hold the WGSL text, for WebGPU hosts) or "none", as
            wgslgen's -wgsl.
        bindings: the Go bindings (or WGSL compilers) whose WGSL the tables also hold, as
            wgslgen's -for: "cogentcore", "wgpu-native", "gogpu"; what one of them cannot
            read is a warning of the build, at its position.
        prefix: every structure gets its shader's Go name as a prefix, as wgslgen's -prefix
            (for shaders that declare one name differently).
        go_file: the generated Go file's name, as wgslgen's -o; default: NAME_wgsl.go. (Not
            `out`: Gazelle would take a file named in `out` for a file of the Go package.)
        visibility: of the go_library.
        tags: of every target made.
        testonly: of every target made.
        **kwargs: passed to go_library (e.g. importmap).
    """
    gen = name + "_wgslgen"
    _wgsl_go_srcs(
        name = gen,
        srcs = srcs,
        no_spirv = no_spirv,
        modules = modules,
        deps = deps,
        wesl_features = wesl_features,
        library = name,
        out = go_file or name + "_wgsl.go",
        package = package or _default_package(importpath),
        target = target,
        overrides = overrides,
        uniform_standard_layout = uniform_standard_layout,
        webgpu_limits = webgpu_limits,
        embed = embed,
        wgsl = wgsl,
        bindings = bindings,
        prefix = prefix,
        visibility = ["//visibility:private"],
        tags = tags,
        testonly = testonly,
    )
    embedsrcs = []
    if embed == "file":
        native.filegroup(
            name = gen + "_spirv",
            srcs = [":" + gen],
            output_group = "spirv",
            visibility = ["//visibility:private"],
            tags = tags,
            testonly = testonly,
        )
        embedsrcs = [":" + gen + "_spirv"]
    go_library(
        name = name,
        srcs = [":" + gen],
        embedsrcs = embedsrcs,
        importpath = importpath,
        deps = go_deps + [_RUNTIME],
        visibility = visibility,
        tags = tags,
        testonly = testonly,
        **kwargs
    )
