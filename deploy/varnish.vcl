vcl 4.1;

# The shared cache in front of the app instances (docker-compose.yml's `cache` service; docs/deploy.md,
# "Caching by CDNs and proxies"). It keeps what the app marks public, keyed on the address, the Host
# and the raw value of the `spoilers` cookie, the one thing a reader's answer depends on; the app
# makes an answer public only when every parser reads that cookie alike (lib/reader/level-cookie.mjs,
# canonicalSpoilersCookie). A change purges by tag: `PURGE` with `Surrogate-Key: film:x films …`
# from the app (lib/cache/purge-shared-caches.ts) bans every object carrying one of those tags.

import directors;
import std;

# The instances at the fixed addresses docker-compose.yml gives them. The compose file starts this
# cache only once `app` answers its health check, so `app` starts healthy (`.initial` at the
# threshold): no 503s while the first probes run. app-2 runs only in the "scale" profile: it starts
# sick, and while its probe fails the director leaves it out.
# An instance rendering a burst of misses (a cold cache, a purge of a popular page) answers its probe
# late: it counts as down only when 4 of the last 5 probes (8 s) got no answer within 2 s, so a busy
# instance is not taken out (with one instance, every request would then get a 503).
probe health {
  .url = "/api/health";
  .interval = 2s;
  .timeout = 2s;
  .window = 5;
  .threshold = 2;
  .initial = 0;
}

probe health_up_at_start {
  .url = "/api/health";
  .interval = 2s;
  .timeout = 2s;
  .window = 5;
  .threshold = 2;
  .initial = 2;
}

backend app {
  .host = "172.30.50.11";
  .port = "3000";
  .probe = health_up_at_start;
  .first_byte_timeout = 60s;
}

backend app_2 {
  .host = "172.30.50.12";
  .port = "3000";
  .probe = health;
  .first_byte_timeout = 60s;
}

sub vcl_init {
  new instances = directors.round_robin();
  instances.add_backend(app);
  instances.add_backend(app_2);
}

# Who may purge: the app instances (and whatever else runs on the private network).
acl purgers {
  "localhost";
  "10.0.0.0"/8;
  "172.16.0.0"/12;
  "192.168.0.0"/16;
  "fc00::"/7;
}

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    # Tags as the app writes them, space-separated: nothing that could widen the ban below.
    if (req.http.Surrogate-Key !~ "^[a-z0-9:._-]+( [a-z0-9:._-]+)*$") {
      return (synth(400, "Surrogate-Key: tags separated by spaces"));
    }
    # On obj.* only, so the ban lurker removes matching objects in the background.
    ban("obj.http.Surrogate-Key ~ (^|\s)(" + regsuball(req.http.Surrogate-Key, "\s+", "|") + ")(\s|$)");
    return (synth(200, "Purged"));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # Several Cookie headers as one, joined as the app's server joins them: the cache and the app read
  # the same spoilers cookie.
  std.collect(req.http.Cookie, "; ");
  # Signed in, or credentials of any kind: the app's answer is that user's.
  if (req.http.Authorization || req.http.Cookie ~ "(^|;\s*)(__Secure-)?next-auth\.session-token") {
    return (pass);
  }
  # Unlike the built-in rule, requests with cookies are looked up too (vcl_hash): the app says what is public.
  return (hash);
}

# Only what goes to an instance (a miss or a pass): a hit picks no backend and has no log line there.
sub vcl_backend_fetch {
  set bereq.backend = instances.backend();
  # One id from here to the app's access log (lib/log/logger.mjs accepts [A-Za-z0-9._:-]{8,128}).
  set bereq.http.X-Request-Id = "varnish-" + std.integer(time=now) + "-" + bereq.xid;
}

sub vcl_hash {
  hash_data(req.url);
  if (req.http.host) {
    hash_data(req.http.host);
  } else {
    hash_data(server.ip);
  }
  # The raw value of the last `spoilers=` at the start or after `;` and spaces (the app's parser
  # splits on `; *` and keeps the last duplicate): the only part of the Cookie header in the key.
  if (req.http.Cookie ~ "(^|;) *spoilers=") {
    hash_data("spoilers=" + regsub(req.http.Cookie, "^(.*;)? *spoilers=([^;]*).*$", "\2"));
  } else {
    hash_data("no spoilers cookie");
  }
  # A React Server Components request answers the same address with another body.
  if (req.http.RSC) {
    hash_data("rsc=" + req.http.RSC);
  }
  return (lookup);
}

sub vcl_backend_response {
  # The key holds the spoilers cookie's value, so `Vary: Cookie` (which keys a generic cache on
  # the whole header) is left out of what this cache varies on; the app's Vary is kept as it came
  # and given back on delivery as it is (no string work on a hit).
  if (beresp.http.Vary ~ "(?i)\bcookie\b") {
    set beresp.http.X-Client-Vary = beresp.http.Vary;
    set beresp.http.Vary = regsuball(beresp.http.Vary, "(?i)\s*\bcookie\b\s*", "");
    set beresp.http.Vary = regsub(regsuball(beresp.http.Vary, ",+", ","), "^,|,$", "");
    if (beresp.http.Vary == "") {
      unset beresp.http.Vary;
    }
  }
  # Then the built-in rules: private, no-store, no-cache, Set-Cookie or no TTL → not stored.
}

sub vcl_deliver {
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
  if (resp.http.X-Client-Vary) {
    set resp.http.Vary = resp.http.X-Client-Vary;
    unset resp.http.X-Client-Vary;
  }
  # The tags are this cache's business (Cache-Tag stays, for a CDN in front that purges by it).
  unset resp.http.Surrogate-Key;
}
