/**
 * The Go release whose standard library the Go ports here mirror
 * (go-netip.ts, go-net-url.ts, strfmt/go-mail.ts, strfmt/go-unicode.ts):
 * the one Kubernetes 1.36 is built with. k8s.io/apiserver v0.36.3's go.mod
 * says `go 1.26.0` and `godebug default=go1.26`, so the API server runs a
 * Go 1.26 standard library with Go 1.26's GODEBUG defaults:
 * urlstrictcolons=1 (a host with a colon that does not start a port is
 * refused) and urlmaxqueryparams=10000 (a longer query parses as empty).
 *
 * Where Go 1.26 and a later release read an input differently, the ports
 * follow Go 1.26 and say so beside the code.
 */
export const GO_RELEASE = '1.26';
