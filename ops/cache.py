"""The site's resilient Redis cache (guildhall_site.cache), counting the operations its in-process fallback
served while Redis did not answer (``guildhall_cache_fallbacks_total``)."""

from guildhall_site.cache import ResilientRedisCache

from . import metrics


class MeteredResilientRedisCache(ResilientRedisCache):
    def _run(self, name, *args, **kwargs):
        result = super()._run(name, *args, **kwargs)
        # Down after the call: it went to the fallback (the outage either was on, or began with this call).
        if self.redis_down:
            metrics.CACHE_FALLBACKS.labels(name).inc()
        return result
