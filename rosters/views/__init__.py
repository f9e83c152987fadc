"""The roster pages (the player site): one module per resource, thin views over the services."""
