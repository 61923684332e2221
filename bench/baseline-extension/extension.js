// The activation benchmark's baseline: loading a tiny file and calling an empty activate() in the
// same window, at the same moment, as MCP Client. What remains of ours beyond this is our own cost.
exports.activate = () => undefined;
exports.deactivate = () => undefined;
