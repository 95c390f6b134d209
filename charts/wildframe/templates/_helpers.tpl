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

{{- define "wildframe.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "wildframe.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
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
The backend of a data service: services.<name>.database.driver, else database.driver (postgres).
*/}}
{{- define "wildframe.databaseDriver" -}}
{{- $driver := dig "database" "driver" "" .svc | default ((.root.Values.database | default dict).driver) | default "postgres" }}
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
{{- $_ := set $env "OTEL_EXPORTER_OTLP_ENDPOINT" (required "tracing.endpoint is required when tracing.enabled" $tracing.endpoint) }}
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
{{- $_ := set $env "S3_BUCKET" (required (printf "services.%s.storage.bucket is required when storage is enabled" .name) $svc.storage.bucket) }}
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
{{- $billing := $root.Values.services.billing | default dict }}
{{- $_ := set $env "PAYMENT_PROVIDER" (dig "env" "PAYMENT_PROVIDER" "stripe" $billing | toString) }}
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
{{- if and (eq .name "billing") (eq (get $env "PAYMENT_PROVIDER" | default "sandbox") "sandbox") (ne (get $env "ALLOW_SANDBOX_PAYMENTS") "true") }}
{{- fail "services.billing.env.PAYMENT_PROVIDER is sandbox, where anyone upgrades to a paid plan with the public test card: use stripe, or set services.billing.env.ALLOW_SANDBOX_PAYMENTS to \"true\" on a development cluster" }}
{{- end }}
{{- toYaml $env }}
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
Secret env of a service as a YAML map: ENV_NAME -> {secretName, key, optional}. DATABASE_URL
(unless database.url puts it in the ConfigMap) and the S3 keys are implied by database/storage; secrets.keys adds or overrides entries; every key of
secrets.values is read too.
*/}}
{{- define "wildframe.secretEnv" -}}
{{- $entries := dict }}
{{- if and (include "wildframe.hasDatabase" .) (not (dig "database" "url" "" .svc)) }}
{{- $_ := set $entries "DATABASE_URL" dict }}
{{- end }}
{{- if include "wildframe.hasStorage" . }}
{{- $_ := set $entries "S3_ACCESS_KEY_ID" dict }}
{{- $_ := set $entries "S3_SECRET_ACCESS_KEY" dict }}
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
env entries (secretKeyRef) for a service's containers. Takes the per-service dict plus
secretOverride: a Secret name that replaces the chart-created Secret (used by migration Jobs).
*/}}
{{- define "wildframe.secretEnvList" -}}
{{- $ctx := . }}
{{- $chartSecret := include "wildframe.componentName" . }}
{{- $createsSecret := include "wildframe.createsSecret" . }}
{{- range $name, $ref := (include "wildframe.secretEnv" . | fromYaml) }}
{{- $secretName := $ref.secretName }}
{{- if and $ctx.secretOverride $createsSecret (eq $secretName $chartSecret) }}
{{- $secretName = $ctx.secretOverride }}
{{- end }}
- name: {{ $name }}
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ $ref.key }}
      {{- if $ref.optional }}
      optional: true
      {{- end }}
{{- end }}
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
{{- end }}

{{- define "wildframe.tmpVolume" -}}
- name: tmp
  emptyDir:
    {{- with .Values.tmpDir.sizeLimit }}
    sizeLimit: {{ . }}
    {{- else }}
    {}
    {{- end }}
{{- end }}

{{/*
The Secret the services share (IDENTITY_SECRET, INTERNAL_API_TOKEN, IMAGE_URL_SECRET): sharedSecrets.existingSecret,
else <fullname>-shared (created by the chart from sharedSecrets.values, or by you). Root context.
*/}}
{{- define "wildframe.sharedSecretName" -}}
{{- .Values.sharedSecrets.existingSecret | default (printf "%s-shared" (include "wildframe.fullname" .) | trunc 63 | trimSuffix "-") }}
{{- end }}

{{- define "wildframe.createsSharedSecret" -}}
{{- if and (not .Values.sharedSecrets.existingSecret) .Values.sharedSecrets.values }}true{{ end }}
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
{{- $names := list "IDENTITY_SECRET" }}
{{- if has .name (list "auth" "photos" "analysis" "billing") }}
{{- $names = append $names "INTERNAL_API_TOKEN" }}
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
do not need them).
*/}}
{{- define "wildframe.sharedSecretEnvList" -}}
{{- $secretName := include "wildframe.sharedSecretName" .root }}
{{- range (include "wildframe.sharedSecretEnv" . | fromYamlArray) }}
- name: {{ . }}
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ . }}
{{- end }}
{{- end }}

{{/*
The generated Kafka topic list (files/kafka-topics.json): topics, deadLetterTopics and
consumerGroups (service -> consumer groups). Root context; use with fromJson.
*/}}
{{- define "wildframe.kafkaTopics" -}}
{{- .Files.Get "files/kafka-topics.json" }}
{{- end }}
