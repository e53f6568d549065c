// The server (Models, CountriesService and its routes) is generated from countries.specsmith.yaml by the build plugin;
// SwiftPM wants a source file of the target's own beside it.
