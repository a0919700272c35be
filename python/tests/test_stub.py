"""The type stub, sudoku_sat/_native.pyi, says what the extension module
holds: its public names, each class's members, and each function's and
method's parameters, so that the two cannot drift apart."""

import ast
import inspect
import types

import sudoku_sat as ss
from sudoku_sat import _native


def stub(root) -> ast.Module:
    return ast.parse((root / "python" / "sudoku_sat" / "_native.pyi").read_text())


def public(names):
    return {n for n in names if not n.startswith("_")}


def stub_all(tree: ast.Module):
    for node in tree.body:
        if isinstance(node, ast.Assign) and [t.id for t in node.targets] == ["__all__"]:
            return ast.literal_eval(node.value)
    return None


def definitions(tree: ast.Module):
    """The stub's top-level names, each with its node."""
    found = {}
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            found[node.name] = node
        elif isinstance(node, ast.AnnAssign):
            found[node.target.id] = node
    return found


def decorators(node: ast.FunctionDef):
    return {d.id for d in node.decorator_list if isinstance(d, ast.Name)}


def stub_parameters(node: ast.FunctionDef, bound: bool):
    """(name, kind, default) of each parameter, `self` or `cls` left out
    when `bound`; the default is Ellipsis where the stub writes `...`."""
    a = node.args
    kind = inspect.Parameter
    positional = [(p, kind.POSITIONAL_ONLY) for p in a.posonlyargs]
    positional += [(p, kind.POSITIONAL_OR_KEYWORD) for p in a.args]
    defaults = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
    params = [(p.arg, k, d) for (p, k), d in zip(positional, defaults)]
    if a.vararg:
        params.append((a.vararg.arg, kind.VAR_POSITIONAL, None))
    params += [(p.arg, kind.KEYWORD_ONLY, d) for p, d in zip(a.kwonlyargs, a.kw_defaults)]
    if a.kwarg:
        params.append((a.kwarg.arg, kind.VAR_KEYWORD, None))
    params = [(n, k, None if d is None else ast.literal_eval(d)) for n, k, d in params]
    return params[1:] if bound else params


def runtime_parameters(function, bound: bool):
    params = list(inspect.signature(function).parameters.values())
    params = [
        (p.name, p.kind, None if p.default is inspect.Parameter.empty else p.default)
        for p in params
    ]
    return params[1:] if bound else params


def same_parameters(where, in_stub, at_runtime):
    assert [(n, k) for n, k, _ in in_stub] == [(n, k) for n, k, _ in at_runtime], where
    for (name, _, written), (_, _, given) in zip(in_stub, at_runtime):
        # `...` stands for a default the stub does not spell out.
        if written is not Ellipsis and given is not Ellipsis:
            assert written == given, (where, name, written, given)


def test_the_stub_declares_exactly_the_modules_public_names(root):
    tree = stub(root)
    names = stub_all(tree)
    assert names is not None, "the stub has no __all__"
    assert sorted(names) == sorted(public(dir(_native)))
    defined = definitions(tree)
    assert set(names) <= set(defined)
    # Beyond the module's names, the stub holds only typing help: the
    # TypedDicts that name the answers' keys.
    for extra in set(defined) - set(names):
        node = defined[extra]
        assert isinstance(node, ast.ClassDef), extra
        assert [b.id for b in node.bases] == ["TypedDict"], extra
    assert set(names) <= set(ss.__all__), "sudoku_sat re-exports the whole module"


def test_the_stubs_functions_take_the_parameters_the_module_takes(root):
    defined = definitions(stub(root))
    for name in stub_all(stub(root)):
        node = defined[name]
        if isinstance(node, ast.FunctionDef):
            same_parameters(name, stub_parameters(node, False),
                            runtime_parameters(getattr(_native, name), False))


def test_the_stubs_classes_have_the_modules_members_and_signatures(root):
    defined = definitions(stub(root))
    for name in stub_all(stub(root)):
        node = defined[name]
        runtime = getattr(_native, name)
        if not isinstance(node, ast.ClassDef) or issubclass(runtime, BaseException):
            continue
        methods = {m.name: m for m in node.body if isinstance(m, ast.FunctionDef)}
        assert public(methods) == public(vars(runtime)), name
        for member, m in methods.items():
            where = f"{name}.{member}"
            # A dunder the stub declares is the class's own, not object's.
            assert member in vars(runtime), f"{where} is not defined by {name}"
            held = vars(runtime)[member]
            kinds = decorators(m)
            assert ("property" in kinds) == isinstance(held, types.GetSetDescriptorType), where
            assert ("staticmethod" in kinds) == isinstance(held, staticmethod), where
            if "property" in kinds:
                continue
            if member == "__new__":
                # PyO3's constructor: the class's signature is its #[new]'s.
                same_parameters(where, stub_parameters(m, True),
                                runtime_parameters(runtime, False))
            else:
                static = "staticmethod" in kinds
                same_parameters(where, stub_parameters(m, not static),
                                runtime_parameters(getattr(runtime, member), not static))
