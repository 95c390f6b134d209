{{/*
Chart name, truncated to a valid label value.
*/}}
{{- define "wildframe.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Full name: the prefix of every resource name (<release>-wildframe, or the release name when it
already contains the chart name).
*/}}
{{- define "wildframe.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "wildframe.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Labels of chart-wide resources (root context).
*/}}
{{- define "wildframe.labels" -}}
helm.sh/chart: {{ include "wildframe.chart" . }}
app.kubernetes.io/name: {{ include "wildframe.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: wildframe
{{- end }}

{{/*
Per-service helpers take a dict: root (the top context), name (the key in .Values.services) and
svc (the service's values merged with .Values.defaults, see wildframe.serviceValues).
*/}}
{{- define "wildframe.componentName" -}}
{{- printf "%s-%s" (include "wildframe.fullname" .root) .name | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "wildframe.componentLabels" -}}
{{ include "wildframe.labels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{- define "wildframe.selectorLabels" -}}
app.kubernetes.io/name: {{ include "wildframe.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{/*
Whether an entry of .Values.services is deployed (enabled defaults to true). Takes the raw entry;
returns "true" or "".
*/}}
{{- define "wildframe.isEnabled" -}}
{{- if or (not (hasKey . "enabled")) .enabled }}true{{ end }}
{{- end }}

{{/*
A service's values with .Values.defaults filled in, as YAML (use with fromYaml). Takes
dict root, raw (the entry of .Values.services).
*/}}
{{- define "wildframe.serviceValues" -}}
{{- $merged := mergeOverwrite (deepCopy .root.Values.defaults) (deepCopy .raw) }}
{{- /* mergeOverwrite skips zero values, so an explicit replicas: 0 is applied here. */}}
{{- if hasKey .raw "replicas" }}
{{- $_ := set $merged "replicas" .raw.replicas }}
{{- end }}
{{- if hasKey (.raw.autoscaling | default dict) "enabled" }}
{{- $_ := set $merged.autoscaling "enabled" .raw.autoscaling.enabled }}
{{- end }}
{{- toYaml $merged }}
{{- end }}

{{/*
A service's ServiceAccount (per-service dict): services.<name>.serviceAccount.name, else
<fullname>-<service> when the chart creates them, else serviceAccount.name, else "default".
*/}}
{{- define "wildframe.serviceAccountName" -}}
{{- $own := dig "serviceAccount" "name" "" (.svc | default dict) }}
{{- if .root.Values.serviceAccount.create }}
{{- $own | default (include "wildframe.componentName" .) }}
{{- else }}
{{- $own | default .root.Values.serviceAccount.name | default "default" }}
{{- end }}
{{- end }}

{{- define "wildframe.image" -}}
{{- $root := .root }}
{{- $img := default dict .svc.image }}
{{- $repository := $img.repository }}
{{- if not $repository }}
{{- $repository = printf "%s%s" $root.Values.image.namePrefix .name }}
{{- with $root.Values.image.registry }}
{{- $repository = printf "%s/%s" (trimSuffix "/" .) $repository }}
{{- end }}
{{- end }}
{{- $tag := $img.tag | default $root.Values.image.tag | default $root.Chart.AppVersion }}
{{- printf "%s:%s" $repository (toString $tag) }}
{{- with $img.digest }}@{{ . }}{{ end }}
{{- end }}

{{- define "wildframe.imagePullPolicy" -}}
{{- $img := default dict .svc.image }}
{{- $img.pullPolicy | default .root.Values.image.pullPolicy }}
{{- end }}

{{- define "wildframe.kafkaBrokers" -}}
{{- if kindIs "slice" .Values.kafka.brokers }}
{{- join "," .Values.kafka.brokers }}
{{- else }}
{{- .Values.kafka.brokers }}
{{- end }}
{{- end }}

{{- define "wildframe.hasDatabase" -}}
{{- if dig "database" "enabled" false .svc }}true{{ end }}
{{- end }}

{{/*
The backend of a data service: services.<name>.database.driver, else database.driver (mongodb).
*/}}
{{- define "wildframe.databaseDriver" -}}
{{- $driver := dig "database" "driver" "" .svc | default ((.root.Values.database | default dict).driver) | default "mongodb" }}
{{- if not (has $driver (list "postgres" "mongodb")) }}
{{- fail (printf "services.%s.database.driver must be postgres or mongodb (got %s)" .name $driver) }}
{{- end }}
{{- $driver }}
{{- end }}

{{- define "wildframe.hasStorage" -}}
{{- if dig "storage" "enabled" false .svc }}true{{ end }}
{{- end }}

{{/*
Which services a service calls directly besides through the gateway (their URLs are computed),
as YAML: service -> list of services.
*/}}
{{- define "wildframe.serviceCalls" -}}
photos: [analysis]
billing: [auth]
{{- end }}

{{/*
Non-secret environment of a service, as a YAML map of strings: the ConfigMap's data.
*/}}
{{- define "wildframe.configEnv" -}}
{{- $root := .root }}
{{- $svc := .svc }}
{{- $env := dict
  "PORT" (toString $svc.port)
  "LOG_LEVEL" $root.Values.config.logLevel
  "EVENT_BUS_DRIVER" $root.Values.config.eventBusDriver
  "KAFKA_BROKERS" (include "wildframe.kafkaBrokers" $root)
  "KAFKA_CLIENT_ID" (printf "%s-%s" $root.Values.kafka.clientIdPrefix .name)
}}
{{- /* TLS and SASL to the brokers (_kafka.tpl). */}}
{{- range $key, $value := (include "wildframe.kafkaSecurityConfigEnv" $root | fromYaml) }}
{{- $_ := set $env $key $value }}
{{- end }}
{{- $_ := set $env "SHUTDOWN_DRAIN_DELAY_MS" (toString ($root.Values.config.shutdownDrainDelayMs | default 0 | int)) }}
{{- if $root.Values.metrics.enabled }}
{{- $_ := set $env "METRICS_PORT" (toString $root.Values.metrics.port) }}
{{- end }}
{{- /* Span export (trace context is propagated and logged either way). */}}
{{- if $root.Values.tracing.enabled }}
{{- $tracing := $root.Values.tracing }}
{{- $_ := set $env "OTEL_TRACES_EXPORTER" "otlp" }}
{{- $_ := set $env "OTEL_EXPORTER_OTLP_ENDPOINT" (toString $tracing.endpoint) }}
{{- $_ := set $env "OTEL_SERVICE_NAME" (printf "wildframe-%s" .name) }}
{{- $_ := set $env "OTEL_TRACES_SAMPLER" ($tracing.sampler | default "parentbased_traceidratio") }}
{{- $_ := set $env "OTEL_TRACES_SAMPLER_ARG" (toString ($tracing.samplerArg | default "1")) }}
{{- $attributes := list (printf "service.namespace=%s" $root.Release.Namespace) }}
{{- with $tracing.resourceAttributes }}{{ $attributes = append $attributes . }}{{ end }}
{{- $_ := set $env "OTEL_RESOURCE_ATTRIBUTES" (join "," $attributes) }}
{{- end }}
{{- if include "wildframe.hasDatabase" . }}
{{- $_ := set $env "RUN_MIGRATIONS" (ternary "false" "true" $root.Values.migrations.job.enabled) }}
{{- /* The service checks its DATABASE_URL is of this kind (the URL's scheme picks its adapters). */}}
{{- $_ := set $env "DATABASE_DRIVER" (include "wildframe.databaseDriver" .) }}
{{- with dig "database" "url" "" $svc }}
{{- $_ := set $env "DATABASE_URL" . }}
{{- end }}
{{- end }}
{{- if include "wildframe.hasStorage" . }}
{{- $_ := set $env "STORAGE_DRIVER" "s3" }}
{{- $_ := set $env "S3_BUCKET" (toString $svc.storage.bucket) }}
{{- $_ := set $env "S3_REGION" $root.Values.s3.region }}
{{- $_ := set $env "S3_FORCE_PATH_STYLE" (toString $root.Values.s3.forcePathStyle) }}
{{- with $root.Values.s3.endpoint }}
{{- $_ := set $env "S3_ENDPOINT" . }}
{{- end }}
{{- if $root.Values.s3.createBuckets }}
{{- $_ := set $env "S3_CREATE_BUCKETS" "true" }}
{{- end }}
{{- end }}
{{- /* <SERVICE>_URL of the services this one calls: the gateway proxies /api/* to every other
enabled service; photos calls analysis, billing calls auth (their internal APIs). */}}
{{- $calls := get (include "wildframe.serviceCalls" $root | fromYaml) .name | default list }}
{{- range $other, $raw := $root.Values.services }}
{{- if and (ne $other $.name) (include "wildframe.isEnabled" $raw) (or (eq $.name "gateway") (has $other $calls)) }}
{{- $port := $raw.port | default 3000 }}
{{- $url := printf "http://%s:%v" (include "wildframe.componentName" (dict "root" $root "name" $other)) $port }}
{{- $_ := set $env (printf "%s_URL" (upper $other | replace "-" "_")) $url }}
{{- end }}
{{- end }}
{{- /* The gateway's Content-Security-Policy allows what billing's payment provider loads (Stripe.js). */}}
{{- if eq .name "gateway" }}
{{- $_ := set $env "PAYMENT_PROVIDER" (include "wildframe.paymentProvider" $root) }}
{{- end }}
{{- /* Trusted X-Forwarded-For hops: the proxies in front of the gateway, plus the gateway for the
services behind it. */}}
{{- $hops := $root.Values.config.proxyHops }}
{{- if kindIs "invalid" $hops }}{{ $hops = ternary 1 0 (eq (toString $root.Values.ingress.enabled) "true") }}{{ end }}
{{- $_ := set $env "TRUSTED_PROXIES" (toString (ternary (int $hops) (add (int $hops) 1) (eq .name "gateway"))) }}
{{- /* The gateway's public address for social previews: the first ingress host. */}}
{{- if and (eq .name "gateway") $root.Values.ingress.enabled }}
{{- with (index ($root.Values.ingress.hosts | default list) 0 | default dict).host }}
{{- $_ := set $env "PUBLIC_ORIGIN" (printf "%s://%s" (ternary "https" "http" (gt (len ($root.Values.ingress.tls | default list)) 0)) .) }}
{{- end }}
{{- end }}
{{- range $key, $value := $svc.env }}
{{- $_ := set $env $key (toString $value) }}
{{- end }}
{{- toYaml $env }}
{{- end }}

{{/*
Billing's PAYMENT_PROVIDER (root context): services.billing.env.PAYMENT_PROVIDER, else the
service's own default, sandbox.
*/}}
{{- define "wildframe.paymentProvider" -}}
{{- dig "env" "PAYMENT_PROVIDER" "sandbox" (.Values.services.billing | default dict) | toString }}
{{- end }}

{{/*
Billing's settings that PAYMENT_PROVIDER=stripe makes required: the keys (secret env) and the
price ids (ConfigMap env, services.billing.env).
*/}}
{{- define "wildframe.stripeSecretKeys" -}}
[STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY]
{{- end }}
{{- define "wildframe.stripePriceIds" -}}
[STRIPE_PRICE_ENTHUSIAST_MONTHLY, STRIPE_PRICE_ENTHUSIAST_ANNUAL, STRIPE_PRICE_PROFESSIONAL_MONTHLY, STRIPE_PRICE_PROFESSIONAL_ANNUAL]
{{- end }}

{{/*
Name of the Secret holding a service's secret env: existingSecret, else <fullname>-<service>
(created by the chart from secrets.values, or by you).
*/}}
{{- define "wildframe.secretName" -}}
{{- $existing := dig "secrets" "existingSecret" "" .svc }}
{{- if $existing }}{{ $existing }}{{ else }}{{ include "wildframe.componentName" . }}{{ end }}
{{- end }}

{{/*
Whether the chart creates the service's Secret: no existingSecret and inline values given.
*/}}
{{- define "wildframe.createsSecret" -}}
{{- if and (not (dig "secrets" "existingSecret" "" .svc)) (dig "secrets" "values" dict .svc) }}true{{ end }}
{{- end }}

{{/*
Secret env of a service as a YAML map: ENV_NAME -> {secretName, key, optional}. Implied:
DATABASE_URL (unless database.url puts it in the ConfigMap), the S3 keys (storage users, with
s3.staticCredentials) and billing's Stripe keys (PAYMENT_PROVIDER=stripe); secrets.keys adds or
overrides entries; every key of secrets.values is read too.
*/}}
{{- define "wildframe.secretEnv" -}}
{{- $entries := dict }}
{{- if and (include "wildframe.hasDatabase" .) (not (dig "database" "url" "" .svc)) }}
{{- $_ := set $entries "DATABASE_URL" dict }}
{{- end }}
{{- if and (include "wildframe.hasStorage" .) .root.Values.s3.staticCredentials }}
{{- $_ := set $entries "S3_ACCESS_KEY_ID" dict }}
{{- $_ := set $entries "S3_SECRET_ACCESS_KEY" dict }}
{{- end }}
{{- if and (eq .name "billing") (eq (include "wildframe.paymentProvider" .root) "stripe") }}
{{- range (include "wildframe.stripeSecretKeys" . | fromYamlArray) }}
{{- $_ := set $entries . dict }}
{{- end }}
{{- end }}
{{- range (dig "secrets" "keys" (list) .svc) }}
{{- $_ := set $entries .name (omit . "name") }}
{{- end }}
{{- range $key, $value := (dig "secrets" "values" dict .svc) }}
{{- if not (hasKey $entries $key) }}
{{- $_ := set $entries $key dict }}
{{- end }}
{{- end }}
{{- $defaultSecret := include "wildframe.secretName" . }}
{{- $out := dict }}
{{- range $name, $entry := $entries }}
{{- $_ := set $out $name (dict
  "secretName" (default $defaultSecret $entry.secretName)
  "key" (default $name $entry.key)
  "optional" (default false $entry.optional)) }}
{{- end }}
{{- toYaml $out }}
{{- end }}

{{/*
env entries (secretKeyRef) for a service's containers.
*/}}
{{- define "wildframe.secretEnvList" -}}
{{- range $name, $ref := (include "wildframe.secretEnv" . | fromYaml) }}
- name: {{ $name }}
  valueFrom:
    secretKeyRef:
      name: {{ $ref.secretName }}
      key: {{ $ref.key }}
      {{- if $ref.optional }}
      optional: true
      {{- end }}
{{- end }}
{{- end }}

{{/*
The one secret a migration Job reads, DATABASE_URL (when it comes from a Secret), as an env entry.
A chart-made Secret is read from its hook copy (hookSecret), as hooks run before the release's
own Secrets exist. Optional, so a Secret without it fails the Job at once with the migration
program's message ("DATABASE_URL: Required") instead of a pod that never starts.
*/}}
{{- define "wildframe.migrationSecretEnvList" -}}
{{- $ref := get (include "wildframe.secretEnv" . | fromYaml) "DATABASE_URL" }}
{{- if $ref }}
{{- $secretName := $ref.secretName }}
{{- if and .hookSecret (eq $secretName (include "wildframe.componentName" .)) }}
{{- $secretName = .hookSecret }}
{{- end }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ $ref.key }}
      optional: true
{{- end }}
{{- end }}

{{/*
The env list of a service's container (per-service dict), as YAML: its secret env, the shared
secret env, then extraEnv, which replaces an entry of the same name (a name twice in one list is
refused by server-side apply).
*/}}
{{- define "wildframe.containerEnv" -}}
{{- $extra := .svc.extraEnv | default list }}
{{- $extraNames := list }}
{{- range $extra }}{{ $extraNames = append $extraNames .name }}{{ end }}
{{- $env := list }}
{{- $kafkaEnv := include "wildframe.kafkaSecretEnvList" .root | fromYamlArray }}
{{- range concat (include "wildframe.secretEnvList" . | fromYamlArray) (include "wildframe.sharedSecretEnvList" . | fromYamlArray) $kafkaEnv }}
{{- if not (has .name $extraNames) }}{{ $env = append $env . }}{{ end }}
{{- end }}
{{- toYaml (concat $env $extra) }}
{{- end }}

{{/*
Pod-level fields shared by Deployments and migration Jobs.
*/}}
{{- define "wildframe.podCommon" -}}
{{- with .root.Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
automountServiceAccountToken: false
enableServiceLinks: false
securityContext:
  {{- toYaml .root.Values.podSecurityContext | nindent 2 }}
{{- with .svc.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .svc.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .svc.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .svc.priorityClassName }}
priorityClassName: {{ . }}
{{- end }}
{{- end }}

{{/*
A service's initContainers (per-service dict), each with the chart's securityContext unless it
sets its own, so the pod still meets the restricted Pod Security Standard.
*/}}
{{- define "wildframe.initContainers" -}}
{{- $out := list }}
{{- range .svc.initContainers }}
{{- $out = append $out (merge (deepCopy .) (dict "securityContext" $.root.Values.securityContext)) }}
{{- end }}
{{- toYaml $out }}
{{- end }}

{{/*
The /tmp emptyDir of a pod (per-service dict; name is unset for Jobs and test pods):
tmpDir.sizeLimit, plus, for photos, room for uploads.inFlightPerPod of the largest upload
(multer writes each upload there before it is stored).
*/}}
{{- define "wildframe.tmpVolume" -}}
{{- $size := .root.Values.tmpDir.sizeLimit }}
{{- if and $size (eq (toString .name) "photos") }}
{{- $uploads := mul (int .root.Values.uploads.inFlightPerPod) (include "wildframe.largestUploadMiB" .root | int) }}
{{- $size = printf "%dMi" (add (include "wildframe.mebibytes" $size | int) $uploads) }}
{{- end }}
- name: tmp
  emptyDir:
    {{- with $size }}
    sizeLimit: {{ . }}
    {{- else }}
    {}
    {{- end }}
{{- end }}

{{/*
A Kubernetes quantity in Ki, Mi or Gi as whole MiB (the units tmpDir.sizeLimit takes).
*/}}
{{- define "wildframe.mebibytes" -}}
{{- $q := toString . }}
{{- if hasSuffix "Gi" $q }}{{ mul (trimSuffix "Gi" $q | int) 1024 }}
{{- else if hasSuffix "Mi" $q }}{{ trimSuffix "Mi" $q | int }}
{{- else if hasSuffix "Ki" $q }}{{ div (add (trimSuffix "Ki" $q | int) 1023) 1024 }}
{{- else }}{{ fail (printf "tmpDir.sizeLimit %s: use Ki, Mi or Gi" $q) }}
{{- end }}
{{- end }}

{{/*
The largest upload any plan accepts, in MiB (files/upload-limits.json, generated from
proto/ts/plans.ts by services/photos/src/domain/upload-limits.chart.spec.ts). Root context.
*/}}
{{- define "wildframe.largestUploadMiB" -}}
{{- (.Files.Get "files/upload-limits.json" | fromJson).largestFileMiB | int }}
{{- end }}

{{/*
The largest request body the ingress must pass: ingress.maxBodySize, else the largest upload
plus uploads.formOverheadMiB (nginx size syntax). Root context.
*/}}
{{- define "wildframe.maxBodySize" -}}
{{- .Values.ingress.maxBodySize | default (printf "%dm" (add (include "wildframe.largestUploadMiB" . | int) (int .Values.uploads.formOverheadMiB))) }}
{{- end }}

{{/*
The Secret the services share (IDENTITY_SECRET, INTERNAL_API_TOKEN, IMAGE_URL_SECRET): sharedSecrets.existingSecret,
else <fullname>-shared (created by the chart from sharedSecrets.values, or by you). Root context.
*/}}
{{- define "wildframe.sharedSecretName" -}}
{{- .Values.sharedSecrets.existingSecret | default (printf "%s-shared" (include "wildframe.fullname" .) | trunc 63 | trimSuffix "-") }}
{{- end }}

{{- define "wildframe.createsSharedSecret" -}}
{{- if not .Values.sharedSecrets.existingSecret }}true{{ end }}
{{- end }}

{{/*
The shared secret values the chart generates when sharedSecrets.values lacks them: name ->
length (random letters and digits, above each service's minimum).
*/}}
{{- define "wildframe.sharedSecretLengths" -}}
IDENTITY_SECRET: 64
INTERNAL_API_TOKEN: 48
IMAGE_URL_SECRET: 64
{{- end }}

{{/*
The data (base64 values) of a Secret the chart makes, as YAML: `values`, and for every key of
`generate` (name -> length) not among them, the value the live Secret already holds (lookup, so
it is kept across upgrades), else a new random one. A value is generated once per render, so the
Secret and the pods' checksum annotation agree. Takes dict root, name (the Secret), values,
generate. `helm template` has no cluster to look in: it shows fresh values.
*/}}
{{- define "wildframe.secretData" -}}
{{- $root := .root }}
{{- if not (hasKey $root.Values "__wildframeGenerated") }}
{{- $_ := set $root.Values "__wildframeGenerated" dict }}
{{- end }}
{{- $generated := index $root.Values "__wildframeGenerated" }}
{{- $live := (lookup "v1" "Secret" $root.Release.Namespace .name).data | default dict }}
{{- $data := dict }}
{{- range $key, $length := (.generate | default dict) }}
{{- $cacheKey := printf "%s/%s" $.name $key }}
{{- if not (hasKey $generated $cacheKey) }}
{{- $_ := set $generated $cacheKey (get $live $key | default (randAlphaNum (int $length) | b64enc)) }}
{{- end }}
{{- $_ := set $data $key (get $generated $cacheKey) }}
{{- end }}
{{- range $key, $value := (.values | default dict) }}
{{- $_ := set $data $key (toString $value | b64enc) }}
{{- end }}
{{- toYaml $data }}
{{- end }}

{{/*
The shared Secret's data (root context): sharedSecrets.values, the rest generated once.
*/}}
{{- define "wildframe.sharedSecretData" -}}
{{- include "wildframe.secretData" (dict "root" . "name" (include "wildframe.sharedSecretName" .) "values" .Values.sharedSecrets.values "generate" (include "wildframe.sharedSecretLengths" . | fromYaml)) }}
{{- end }}

{{/*
A chart-made service Secret's data (per-service dict): secrets.values, plus auth's ADMIN_PASSWORD
generated once when ADMIN_EMAIL is set and the values have none.
*/}}
{{- define "wildframe.serviceSecretData" -}}
{{- $generate := dict }}
{{- if and (eq .name "auth") (dig "env" "ADMIN_EMAIL" "" .svc) (hasKey (include "wildframe.secretEnv" . | fromYaml) "ADMIN_PASSWORD") }}
{{- $_ := set $generate "ADMIN_PASSWORD" 24 }}
{{- end }}
{{- include "wildframe.secretData" (dict "root" .root "name" (include "wildframe.componentName" .) "values" .svc.secrets.values "generate" $generate) }}
{{- end }}

{{/*
Names of the shared secret env a service reads, as a YAML list: IDENTITY_SECRET for every
service (the gateway signs identities, the others verify them), INTERNAL_API_TOKEN for the
services on either end of an internal API (auth, photos, analysis, billing), IMAGE_URL_SECRET for
photos (every replica signs and checks private image URLs with it). A name the service already
reads from its own secrets (secrets.keys / values) is left to that.
*/}}
{{- define "wildframe.sharedSecretEnv" -}}
{{- $own := include "wildframe.secretEnv" . | fromYaml }}
{{- $names := list "IDENTITY_SECRET" "IDENTITY_SECRET_PREVIOUS" }}
{{- if has .name (list "auth" "photos" "analysis" "billing") }}
{{- $names = append $names "INTERNAL_API_TOKEN" }}
{{- end }}
{{- /* The servers of the internal APIs accept the previous token during a rotation. */}}
{{- if has .name (list "auth" "analysis") }}
{{- $names = append $names "INTERNAL_API_TOKEN_PREVIOUS" }}
{{- end }}
{{- if eq .name "photos" }}
{{- $names = append $names "IMAGE_URL_SECRET" }}
{{- end }}
{{- $out := list }}
{{- range $names }}
{{- if not (hasKey $own .) }}
{{- $out = append $out . }}
{{- end }}
{{- end }}
{{- toYaml $out }}
{{- end }}

{{/*
env entries (secretKeyRef) of the shared secret env, for a service's Deployment (migration Jobs
do not need them). The *_PREVIOUS ones are optional: they exist only during a rotation.
*/}}
{{- define "wildframe.sharedSecretEnvList" -}}
{{- $secretName := include "wildframe.sharedSecretName" .root }}
{{- range (include "wildframe.sharedSecretEnv" . | fromYamlArray) }}
- name: {{ . }}
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ . }}
      {{- if hasSuffix "_PREVIOUS" . }}
      optional: true
      {{- end }}
{{- end }}
{{- end }}

{{/*
The generated Kafka topic list (files/kafka-topics.json): topics, deadLetterTopics and
consumerGroups (service -> consumer groups). Root context; use with fromJson.
*/}}
{{- define "wildframe.kafkaTopics" -}}
{{- .Files.Get "files/kafka-topics.json" }}
{{- end }}

{{/*
Every topic the chart creates, as a YAML list of {name, partitions, retentionMs}: the catalogue's
(kafka.topics.partitions, retentionMs), the dead-letter topics (deadLetter.*), and the `helm test`
round-trip topic (one partition, one hour). Root context.
*/}}
{{- define "wildframe.kafkaTopicList" -}}
{{- $catalogue := include "wildframe.kafkaTopics" . | fromJson }}
{{- $t := .Values.kafka.topics }}
{{- $topics := list }}
{{- range $catalogue.topics }}
{{- $topics = append $topics (dict "name" . "partitions" ($t.partitions | int) "retentionMs" ($t.retentionMs | int64)) }}
{{- end }}
{{- range $catalogue.deadLetterTopics }}
{{- $topics = append $topics (dict "name" . "partitions" ($t.deadLetter.partitions | int) "retentionMs" ($t.deadLetter.retentionMs | int64)) }}
{{- end }}
{{- with include "wildframe.testTopic" . }}
{{- $topics = append $topics (dict "name" . "partitions" 1 "retentionMs" 3600000) }}
{{- end }}
{{- toYaml $topics }}
{{- end }}

{{/*
The topic of the `helm test` Kafka round trip, when that test is on (else empty). Root context.
*/}}
{{- define "wildframe.testTopic" -}}
{{- if and .Values.tests.enabled .Values.tests.kafka }}{{ printf "%s.helm-test" .Values.kafka.clientIdPrefix }}{{ end }}
{{- end }}

{{/*
Whether the chart creates the Kafka topics (hook Job or Strimzi KafkaTopics). Root context.
*/}}
{{- define "wildframe.createsTopics" -}}
{{- if or .Values.kafka.strimzi.enabled .Values.kafka.topics.create }}true{{ end }}
{{- end }}

{{/*
Replication factor of the topics: kafka.topics.replicationFactor, else min(3, kafka.brokerCount)
(0 while brokerCount is missing: the validation names it). Root context.
*/}}
{{- define "wildframe.replicationFactor" -}}
{{- $rf := .Values.kafka.topics.replicationFactor }}
{{- if kindIs "invalid" $rf }}{{ min 3 (int (.Values.kafka.brokerCount | default 0)) }}{{ else }}{{ int $rf }}{{ end }}
{{- end }}

{{/*
Egress peers of a networkPolicy.egress entry, as a YAML list of NetworkPolicyPeers: a string is
a CIDR (an ipBlock), an object a peer as written. Empty `to` of an internet endpoint (internet:
true) becomes the public internet: every IPv4 and IPv6 address outside the private ranges.
Takes dict to, internet.
*/}}
{{- define "wildframe.egressPeers" -}}
{{- $peers := list }}
{{- range (.to | default list) }}
{{- if kindIs "string" . }}
{{- $peers = append $peers (dict "ipBlock" (dict "cidr" .)) }}
{{- else }}
{{- $peers = append $peers . }}
{{- end }}
{{- end }}
{{- if and (not $peers) .internet }}
{{- $peers = list
  (dict "ipBlock" (dict "cidr" "0.0.0.0/0" "except" (list "10.0.0.0/8" "172.16.0.0/12" "192.168.0.0/16" "100.64.0.0/10" "169.254.0.0/16" "127.0.0.0/8")))
  (dict "ipBlock" (dict "cidr" "::/0" "except" (list "fc00::/7" "fe80::/10" "::1/128"))) }}
{{- end }}
{{- toYaml $peers }}
{{- end }}

{{/*
Labels that select the release's pods of one role (migration, kafka-topics, test, kafka-tool).
Takes dict root, role.
*/}}
{{- define "wildframe.roleSelector" -}}
app.kubernetes.io/name: {{ include "wildframe.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/role: {{ .role }}
{{- end }}

{{/*
NetworkPolicy egress rules from a list of {ports, peers, udp?}: TCP on each port (and UDP with
udp, for DNS), to the peers (none: any address on those ports).
*/}}
{{- define "wildframe.egressRules" -}}
{{- range . }}
- ports:
    {{- range .ports }}
    - port: {{ . }}
      protocol: TCP
    {{- end }}
    {{- if .udp }}
    {{- range .ports }}
    - port: {{ . }}
      protocol: UDP
    {{- end }}
    {{- end }}
  {{- with .peers }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end }}
{{- end }}

{{/*
The NetworkPolicy of one role of pods that take no connections: egress rules only. With hook,
a pre-install/pre-upgrade hook created before the hook Jobs (weight -30) and removed with them.
Takes dict root, role, egress (see wildframe.egressRules), hook.
*/}}
{{- define "wildframe.rolePolicy" -}}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ printf "%s-%s" (include "wildframe.fullname" .root | trunc 50 | trimSuffix "-") .role }}
  labels:
    {{- include "wildframe.labels" .root | nindent 4 }}
    app.kubernetes.io/component: {{ .role }}
  {{- if .hook }}
  annotations:
    helm.sh/hook: pre-install,pre-upgrade
    helm.sh/hook-weight: "-30"
    helm.sh/hook-delete-policy: before-hook-creation,hook-succeeded
  {{- end }}
spec:
  podSelector:
    matchLabels:
      {{- include "wildframe.roleSelector" . | nindent 6 }}
  policyTypes:
    - Ingress
    - Egress
  egress:
    {{- include "wildframe.egressRules" .egress | nindent 4 }}
    {{- with .root.Values.networkPolicy.extraEgress }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
{{- end }}

{{/*
PromQL label matchers of the release's service pods (root context): their namespace, and pod
names <fullname>-<service>-<replica set>-<suffix>. The ServiceMonitors and the usual annotation
scrape configuration both attach `namespace` and `pod`.
*/}}
{{- define "wildframe.promPods" -}}
namespace="{{ .Release.Namespace }}",pod=~"{{ include "wildframe.promPodPattern" . }}"
{{- end }}

{{/*
The regular expression of the release's service pod names; its one group is the service.
*/}}
{{- define "wildframe.promPodPattern" -}}
{{- printf "%s-[a-z0-9]+-[a-z0-9]+" (include "wildframe.promDeploymentPattern" .) }}
{{- end }}

{{/*
The regular expression of the release's Deployment names, <fullname>-(<service>|…).
*/}}
{{- define "wildframe.promDeploymentPattern" -}}
{{- $names := list }}
{{- range $name, $raw := .Values.services }}
{{- if include "wildframe.isEnabled" $raw }}{{ $names = append $names $name }}{{ end }}
{{- end }}
{{- printf "%s-(%s)" (include "wildframe.fullname" .) (join "|" $names) }}
{{- end }}

{{/*
A PromQL expression over the release's pods with a `service` label taken from the pod name.
Takes dict root, expr (with the matchers in place of SELECTOR).
*/}}
{{- define "wildframe.promByService" -}}
label_replace({{ .expr | replace "SELECTOR" (include "wildframe.promPods" .root) }}, "service", "$1", "pod", "{{ include "wildframe.promPodPattern" .root }}")
{{- end }}

{{/*
A `helm test` pod: the gateway image running one script of files/tests with `node -e`, as the
gateway runs (its ConfigMap, secret env, extra env and volumes: the Kafka settings included),
under the restricted security context. Takes dict root, test (its name), script (a file under
files/tests), env (more env entries).
*/}}
{{- define "wildframe.testPod" -}}
{{- $root := .root }}
{{- $svc := include "wildframe.serviceValues" (dict "root" $root "raw" $root.Values.services.gateway) | fromYaml }}
{{- $ctx := dict "root" $root "name" "gateway" "svc" $svc }}
apiVersion: v1
kind: Pod
metadata:
  name: {{ printf "%s-test-%s" (include "wildframe.fullname" $root | trunc 40 | trimSuffix "-") .test }}
  labels:
    {{- include "wildframe.labels" $root | nindent 4 }}
    app.kubernetes.io/component: test-{{ .test }}
    app.kubernetes.io/role: test
  annotations:
    helm.sh/hook: test
    helm.sh/hook-delete-policy: before-hook-creation,hook-succeeded
spec:
  restartPolicy: Never
  serviceAccountName: {{ include "wildframe.serviceAccountName" $ctx }}
  {{- include "wildframe.podCommon" $ctx | trim | nindent 2 }}
  containers:
    - name: {{ .test }}
      image: {{ include "wildframe.image" $ctx | quote }}
      imagePullPolicy: {{ include "wildframe.imagePullPolicy" $ctx }}
      command: ["node", "-e"]
      args:
        - {{ $root.Files.Get (printf "files/tests/%s" .script) | quote }}
      envFrom:
        - configMapRef:
            name: {{ include "wildframe.componentName" $ctx }}
      env:
        {{- toYaml .env | nindent 8 }}
        {{- with include "wildframe.containerEnv" $ctx | fromYamlArray }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      resources:
        requests:
          cpu: 50m
          memory: 96Mi
        limits:
          memory: 256Mi
      securityContext:
        {{- toYaml $root.Values.securityContext | nindent 8 }}
      volumeMounts:
        - name: tmp
          mountPath: /tmp
        {{- with include "wildframe.kafkaVolumeMounts" $root | trim }}
        {{- . | nindent 8 }}
        {{- end }}
        {{- with $svc.extraVolumeMounts }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
  volumes:
    {{- include "wildframe.tmpVolume" (dict "root" $root) | nindent 4 }}
    {{- with include "wildframe.kafkaVolumes" $root | trim }}
    {{- . | nindent 4 }}
    {{- end }}
    {{- with $svc.extraVolumes }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
{{- end }}
