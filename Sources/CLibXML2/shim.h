// Included only by the C target CXMLShim. Swift code never imports this module directly:
// libxml2's headers pull in ICU, whose declarations clash with Foundation's copy.
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlerror.h>
