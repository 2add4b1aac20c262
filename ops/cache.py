"""The site's resilient Redis cache (guildhall_site.cache), counting the operations its in-process fallback
served while Redis did not answer (``guildhall_cache_fallbacks_total``)."""

from guildhall_site.cache import ResilientRedisCache

from . import metrics


class MeteredResilientRedisCache(ResilientRedisCache):
    def fell_back(self, operation):
        metrics.CACHE_FALLBACKS.labels(operation).inc()
