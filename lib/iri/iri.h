/* iri.h: the one header of libiri
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib-object.h>

#define IRI_INSIDE

#include "iri-version.h"
#include "iri-enums.h"
#include "iri-types.h"
#include "iri-error.h"
#include "iri-utf8.h"
#include "iri-bidi.h"
#include "iri-bidi-trace.h"
#include "iri-diagnostic.h"
#include "iri-reference.h"
#include "iri-mapping.h"
#include "iri-preprocess.h"
#include "iri-resolve.h"
#include "iri-compare.h"
#include "iri-safety.h"
#include "iri-analysis.h"
#include "iri-examples.h"
#include "iri-link.h"
#include "iri-display-policy.h"

#undef IRI_INSIDE
