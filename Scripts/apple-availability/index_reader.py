"""Reads the symbol occurrences of a Swift index store through the toolchain's libIndexStore.

The index store is what `swiftc -index-store-path` writes; SwiftPM writes one for every debug
build on Linux (`.build/debug/index/store`, which its XCTest discovery reads). libIndexStore
ships with the toolchain (`usr/lib/libIndexStore.so` beside `swift`), and its C API takes
plain function pointers (the `_f` calls), so the standard library's ctypes is enough: no
compiler, no header.

Only units whose main file lies under one folder are read. When several units describe the
same source file (an incremental build that recompiled it), the newest one wins, so that line
numbers match the file as it was last compiled.
"""
import ctypes
import os
from dataclasses import dataclass


class _StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

    def text(self):
        return ctypes.string_at(self.data, self.length).decode("utf-8", "replace") if self.length else ""


# Roles (indexstore.h, indexstore_symbol_role_t).
DECLARATION, DEFINITION, REFERENCE, CALL, IMPLICIT = 1 << 0, 1 << 1, 1 << 2, 1 << 5, 1 << 8
REL_RECEIVEDBY = 1 << 12
_DEPENDENCY_RECORD = 2


@dataclass(frozen=True)
class Occurrence:
    """One definition or reference of a symbol in a source file."""

    file: str          # absolute path
    module: str        # the module the file was compiled into
    line: int
    column: int
    usr: str
    name: str          # as the index spells it: `init(validating:as:)`, `&*`, `sleep(for:)`
    is_definition: bool
    is_implicit: bool  # compiler-made (a `for await` loop's `next`), not written in the source
    receiver: str      # USR of the type a method is called on, when the index knows it


def _library(swift_bin):
    """libIndexStore of the toolchain whose `swift` is `swift_bin`."""
    root = os.path.dirname(os.path.dirname(os.path.realpath(swift_bin)))
    for name in ("libIndexStore.so", "libIndexStore.dylib"):
        path = os.path.join(root, "lib", name)
        if os.path.exists(path):
            return ctypes.CDLL(path)
    raise FileNotFoundError(f"no libIndexStore beside {swift_bin} (looked in {root}/lib)")


_UNIT_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, _StringRef)
_POINTER_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_void_p)


def _declare(lib):
    p, s, b, u = ctypes.c_void_p, _StringRef, ctypes.c_bool, ctypes.c_uint
    signatures = {
        "indexstore_store_create": (p, [ctypes.c_char_p, ctypes.POINTER(p)]),
        "indexstore_store_dispose": (None, [p]),
        "indexstore_error_get_description": (ctypes.c_char_p, [p]),
        "indexstore_store_units_apply_f": (b, [p, u, p, _UNIT_APPLIER]),
        "indexstore_unit_reader_create": (p, [p, ctypes.c_char_p, ctypes.POINTER(p)]),
        "indexstore_unit_reader_dispose": (None, [p]),
        "indexstore_unit_reader_is_system_unit": (b, [p]),
        "indexstore_unit_reader_has_main_file": (b, [p]),
        "indexstore_unit_reader_get_main_file": (s, [p]),
        "indexstore_unit_reader_get_module_name": (s, [p]),
        "indexstore_unit_reader_get_modification_time": (None, [p, ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64)]),
        "indexstore_unit_reader_dependencies_apply_f": (b, [p, p, _POINTER_APPLIER]),
        "indexstore_unit_dependency_get_kind": (ctypes.c_int, [p]),
        "indexstore_unit_dependency_get_filepath": (s, [p]),
        "indexstore_unit_dependency_get_name": (s, [p]),
        "indexstore_record_reader_create": (p, [p, ctypes.c_char_p, ctypes.POINTER(p)]),
        "indexstore_record_reader_dispose": (None, [p]),
        "indexstore_record_reader_occurrences_apply_f": (b, [p, p, _POINTER_APPLIER]),
        "indexstore_occurrence_get_symbol": (p, [p]),
        "indexstore_occurrence_get_roles": (ctypes.c_uint64, [p]),
        "indexstore_occurrence_get_line_col": (None, [p, ctypes.POINTER(u), ctypes.POINTER(u)]),
        "indexstore_occurrence_relations_apply_f": (b, [p, p, _POINTER_APPLIER]),
        "indexstore_symbol_relation_get_roles": (ctypes.c_uint64, [p]),
        "indexstore_symbol_relation_get_symbol": (p, [p]),
        "indexstore_symbol_get_usr": (s, [p]),
        "indexstore_symbol_get_name": (s, [p]),
    }
    for name, (result, arguments) in signatures.items():
        function = getattr(lib, name)
        function.restype, function.argtypes = result, arguments


def _error(lib, error):
    if not error:
        return "unknown error"
    return lib.indexstore_error_get_description(error).decode("utf-8", "replace")


def read_occurrences(store_path, folder, swift_bin):
    """Every occurrence in the files under `folder` that the store at `store_path` indexed."""
    lib = _library(swift_bin)
    _declare(lib)
    error = ctypes.c_void_p()
    store = lib.indexstore_store_create(store_path.encode(), ctypes.byref(error))
    if not store:
        raise RuntimeError(f"cannot open the index store {store_path}: {_error(lib, error)}")
    prefix = os.path.join(os.path.realpath(folder), "")
    newest = {}  # source file -> (modification time, record name, module)
    units = []

    @_UNIT_APPLIER
    def on_unit(_, name):
        units.append(name.text())
        return True

    lib.indexstore_store_units_apply_f(store, 0, None, on_unit)
    for unit_name in units:
        unit = lib.indexstore_unit_reader_create(store, unit_name.encode(), ctypes.byref(error))
        if not unit:
            continue
        try:
            if lib.indexstore_unit_reader_is_system_unit(unit):
                continue
            module = lib.indexstore_unit_reader_get_module_name(unit).text()
            seconds, nanoseconds = ctypes.c_int64(), ctypes.c_int64()
            lib.indexstore_unit_reader_get_modification_time(unit, ctypes.byref(seconds), ctypes.byref(nanoseconds))
            stamp = (seconds.value, nanoseconds.value)

            @_POINTER_APPLIER
            def on_dependency(_, dependency):
                if lib.indexstore_unit_dependency_get_kind(dependency) == _DEPENDENCY_RECORD:
                    path = lib.indexstore_unit_dependency_get_filepath(dependency).text()
                    if path.startswith(prefix) and (path not in newest or newest[path][0] < stamp):
                        record = lib.indexstore_unit_dependency_get_name(dependency).text()
                        newest[path] = (stamp, record, module)
                return True

            lib.indexstore_unit_reader_dependencies_apply_f(unit, None, on_dependency)
        finally:
            lib.indexstore_unit_reader_dispose(unit)

    occurrences = []
    for path, (_, record_name, module) in sorted(newest.items()):
        record = lib.indexstore_record_reader_create(store, record_name.encode(), ctypes.byref(error))
        if not record:
            raise RuntimeError(f"cannot read the index record of {path}: {_error(lib, error)}")
        try:
            @_POINTER_APPLIER
            def on_occurrence(_, occurrence):
                roles = lib.indexstore_occurrence_get_roles(occurrence)
                is_definition = bool(roles & (DECLARATION | DEFINITION))
                if not is_definition and not roles & (REFERENCE | CALL):
                    return True
                symbol = lib.indexstore_occurrence_get_symbol(occurrence)
                line, column = ctypes.c_uint(), ctypes.c_uint()
                lib.indexstore_occurrence_get_line_col(occurrence, ctypes.byref(line), ctypes.byref(column))
                receiver = []

                @_POINTER_APPLIER
                def on_relation(_, relation):
                    if lib.indexstore_symbol_relation_get_roles(relation) & REL_RECEIVEDBY:
                        receiver.append(lib.indexstore_symbol_get_usr(lib.indexstore_symbol_relation_get_symbol(relation)).text())
                        return False
                    return True

                lib.indexstore_occurrence_relations_apply_f(occurrence, None, on_relation)
                occurrences.append(Occurrence(
                    path, module, line.value, column.value,
                    lib.indexstore_symbol_get_usr(symbol).text(), lib.indexstore_symbol_get_name(symbol).text(),
                    is_definition, bool(roles & IMPLICIT), receiver[0] if receiver else ""))
                return True

            lib.indexstore_record_reader_occurrences_apply_f(record, None, on_occurrence)
        finally:
            lib.indexstore_record_reader_dispose(record)
    lib.indexstore_store_dispose(store)
    return occurrences
