package metrics

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promauto"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// registry holds every Vidhost series plus the Go runtime's and the
// process's. It is not prometheus.DefaultRegisterer so that a library
// registering its own series cannot change what Vidhost exports.
var registry = newRegistry()

// factory registers each series on registry as it is declared.
var factory = promauto.With(registry)

func newRegistry() *prometheus.Registry {
	r := prometheus.NewRegistry()
	r.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return r
}

// Gatherer is what /metrics serves (tests read series from it).
func Gatherer() prometheus.Gatherer { return registry }

// Handler serves the registry in the Prometheus text (or OpenMetrics) format.
func Handler() http.Handler {
	return promhttp.HandlerFor(registry, promhttp.HandlerOpts{Registry: registry, EnableOpenMetrics: true})
}

// declared is every Vidhost series name, in declaration order.
var declared []string

func counterVec(opts prometheus.CounterOpts, labels []string) *prometheus.CounterVec {
	declared = append(declared, opts.Name)
	return factory.NewCounterVec(opts, labels)
}

func counter(opts prometheus.CounterOpts) prometheus.Counter {
	declared = append(declared, opts.Name)
	return factory.NewCounter(opts)
}

func gaugeVec(opts prometheus.GaugeOpts, labels []string) *prometheus.GaugeVec {
	declared = append(declared, opts.Name)
	return factory.NewGaugeVec(opts, labels)
}

func histogramVec(opts prometheus.HistogramOpts, labels []string) *prometheus.HistogramVec {
	declared = append(declared, opts.Name+"_bucket", opts.Name+"_sum", opts.Name+"_count")
	return factory.NewHistogramVec(opts, labels)
}

func histogram(opts prometheus.HistogramOpts) prometheus.Histogram {
	declared = append(declared, opts.Name+"_bucket", opts.Name+"_sum", opts.Name+"_count")
	return factory.NewHistogram(opts)
}

// Names lists every series name this package declares as it appears in a
// query (histograms as their _bucket, _sum and _count series), plus the Go
// runtime's and the process's, for the test that checks the alert rules
// and the dashboard name only series that exist.
func Names() ([]string, error) {
	families, err := registry.Gather()
	if err != nil {
		return nil, err
	}
	names := append([]string{}, declared...)
	for _, f := range families {
		names = append(names, f.GetName())
	}
	return names, nil
}
