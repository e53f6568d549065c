// The types and server stubs are generated from openapi.yaml by swift-openapi-generator's build plugin;
// SwiftPM wants a source file of the target's own beside them.
