enum _RelayServerStub {}
