// WebRTC in an MCP App. A Content-Security-Policy has no say over it: `connect-src 'none'` does not stop
// an RTCPeerConnection from sending STUN/TURN packets to any address it names, and Chromium (156, which
// code-server runs) ignores CSP3's `webrtc 'block'` ("Unrecognized Content-Security-Policy directive"),
// and a permissions policy has no WebRTC feature to refuse. So the app's document gets, right after its
// policy and before any of its own script, this script: it takes the WebRTC constructors off the app's
// window, for good (not configurable, not writable). Navigating itself to a data: or blob: document is
// blocked by the page's frame-src. Tested against Chromium in test/host/apps/fixtureApp.test.ts (no STUN
// packet reaches a local UDP listener from the app's window). What remains (docs/security.md): a page of a
// domain the server declared in frameDomains, under its own origin and policy, and an empty frame the app
// makes itself (about:blank, srcdoc: frame-src does not govern them), whose window this script never sees.
// No `vscode`.

const NAMES = ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCIceTransport', 'RTCDtlsTransport', 'RTCSctpTransport', 'RTCRtpSender', 'RTCRtpReceiver', 'RTCRtpTransceiver'];

export const NO_WEBRTC_SCRIPT = `(()=>{for(const n of ${JSON.stringify(NAMES)}){try{Object.defineProperty(window,n,{value:undefined,writable:false,configurable:false,enumerable:false})}catch(e){}}})();`;
