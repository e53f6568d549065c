// The Transfer client is generated from transfer.specsmith.yaml by the build plugin.
