#!/usr/bin/env python3
# check-reference.py: checks the API references gi-docgen generated.
#
# For each pair of (HTML folder, GIR file) given, every class, interface,
# record, enumeration and bit field of the GIR must have its page, and so
# must every method and property of the classes: a symbol the reader
# cannot find is a symbol the reference does not document.  The index
# page must name the namespace.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import os
import sys
import xml.etree.ElementTree as ET

CORE = '{http://www.gtk.org/introspection/core/1.0}'
GLIB = '{http://www.gtk.org/introspection/glib/1.0}'

PAGES = {
    'class': 'class', 'interface': 'iface', 'record': 'struct',
    'enumeration': 'enum', 'bitfield': 'flags',
}


def expected_pages(gir):
    root = ET.parse(gir).getroot()
    ns = root.find(CORE + 'namespace')
    pages = []
    for tag, prefix in PAGES.items():
        for node in ns.findall(CORE + tag):
            name = node.get('name')
            # Class structs and private records have no page of their own.
            if tag == 'record' and (node.get(GLIB + 'is-gtype-struct-for')
                                    or node.get('disguised') == '1'
                                    or node.get('introspectable') == '0'):
                continue
            kind = prefix
            if tag == 'enumeration' and node.get(GLIB + 'error-domain'):
                kind = 'error'
            pages.append(f'{kind}.{name}.html')
            for func in node.findall(CORE + 'function'):
                if func.get('introspectable') != '0':
                    pages.append(f'type_func.{name}.{func.get("name")}.html')
            for ctor in node.findall(CORE + 'constructor'):
                if ctor.get('introspectable') != '0':
                    pages.append(f'ctor.{name}.{ctor.get("name")}.html')
            if tag in ('class', 'interface', 'record'):
                for method in node.findall(CORE + 'method'):
                    if method.get('introspectable') != '0':
                        pages.append(f'method.{name}.{method.get("name")}.html')
            if tag in ('class', 'interface'):
                for prop in node.findall(CORE + 'property'):
                    pages.append(f'property.{name}.{prop.get("name")}.html')
                for signal in node.findall(GLIB + 'signal'):
                    pages.append(f'signal.{name}.{signal.get("name")}.html')
    for func in ns.findall(CORE + 'function'):
        if func.get('introspectable') != '0' and not func.get('moved-to'):
            pages.append(f'func.{func.get("name")}.html')
    return ns.get('name'), pages


def main(argv):
    args = argv[1:]
    n = len(args) // 2
    failed = 0
    checked = 0
    for html_dir, gir in zip(args[:n], args[n:]):
        namespace, pages = expected_pages(gir)
        index = os.path.join(html_dir, 'index.html')
        if not os.path.isfile(index):
            print(f'not ok: {index} is missing')
            failed += 1
            continue
        with open(index, encoding='utf-8') as f:
            if namespace not in f.read():
                print(f'not ok: {index} does not name {namespace}')
                failed += 1
        for page in pages:
            checked += 1
            if not os.path.isfile(os.path.join(html_dir, page)):
                print(f'not ok: {namespace}: {page} is missing')
                failed += 1
    print(f'{checked} pages checked, {failed} missing')
    return 1 if failed or checked == 0 else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
