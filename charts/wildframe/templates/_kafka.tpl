{{/*
How every Kafka client of the release (the services and the topics Job) reaches the brokers:
kafka.tls and kafka.sasl as the KAFKA_TLS* / KAFKA_SASL_* variables of the platform's
kafka.config.ts, the CA bundle and the client certificate mounted as files from their Secrets.
Root context throughout.
*/}}

{{- define "wildframe.kafkaCaDir" -}}/etc/wildframe/kafka/ca{{- end }}
{{- define "wildframe.kafkaClientCertDir" -}}/etc/wildframe/kafka/client{{- end }}

{{/*
Refuses values that cannot work, naming the value; prints nothing.
*/}}
{{- define "wildframe.kafkaSecurityChecks" -}}
{{- $tls := .Values.kafka.tls | default dict }}
{{- $sasl := .Values.kafka.sasl | default dict }}
{{- if and (not $tls.enabled) (or $tls.caSecret $tls.clientCertSecret) }}
{{- fail "kafka.tls.caSecret and kafka.tls.clientCertSecret need kafka.tls.enabled: true" }}
{{- end }}
{{- if $sasl.mechanism }}
{{- if not (has $sasl.mechanism (list "plain" "scram-sha-256" "scram-sha-512")) }}
{{- fail (printf "kafka.sasl.mechanism must be plain, scram-sha-256 or scram-sha-512 (got %s)" $sasl.mechanism) }}
{{- end }}
{{- if not $sasl.existingSecret }}
{{- fail "kafka.sasl.existingSecret is required when kafka.sasl.mechanism is set: a Secret holding the Kafka password (key kafka.sasl.passwordKey) and, unless kafka.sasl.username is set, the user name (key kafka.sasl.usernameKey)" }}
{{- end }}
{{- else if $sasl.existingSecret }}
{{- fail "kafka.sasl.existingSecret is set but kafka.sasl.mechanism is empty: set it to plain, scram-sha-256 or scram-sha-512" }}
{{- end }}
{{- end }}

{{/*
Non-secret Kafka security env, as a YAML map of strings (merged into each ConfigMap).
*/}}
{{- define "wildframe.kafkaSecurityConfigEnv" -}}
{{- include "wildframe.kafkaSecurityChecks" . }}
{{- $tls := .Values.kafka.tls | default dict }}
{{- $sasl := .Values.kafka.sasl | default dict }}
{{- $env := dict }}
{{- if $tls.enabled }}
{{- $_ := set $env "KAFKA_TLS" "true" }}
{{- with $tls.caSecret }}
{{- $_ := set $env "KAFKA_TLS_CA_FILE" (printf "%s/%s" (include "wildframe.kafkaCaDir" $) ($tls.caKey | default "ca.crt")) }}
{{- end }}
{{- with $tls.clientCertSecret }}
{{- $_ := set $env "KAFKA_TLS_CERT_FILE" (printf "%s/%s" (include "wildframe.kafkaClientCertDir" $) ($tls.clientCertKey | default "tls.crt")) }}
{{- $_ := set $env "KAFKA_TLS_KEY_FILE" (printf "%s/%s" (include "wildframe.kafkaClientCertDir" $) ($tls.clientKeyKey | default "tls.key")) }}
{{- end }}
{{- end }}
{{- with $sasl.mechanism }}
{{- $_ := set $env "KAFKA_SASL_MECHANISM" . }}
{{- with $sasl.username }}
{{- $_ := set $env "KAFKA_SASL_USERNAME" (toString .) }}
{{- end }}
{{- end }}
{{- toYaml $env }}
{{- end }}

{{/*
env entries (secretKeyRef) of the SASL credentials.
*/}}
{{- define "wildframe.kafkaSecretEnvList" -}}
{{- $sasl := .Values.kafka.sasl | default dict }}
{{- if $sasl.mechanism }}
{{- if not $sasl.username }}
- name: KAFKA_SASL_USERNAME
  valueFrom:
    secretKeyRef:
      name: {{ $sasl.existingSecret }}
      key: {{ $sasl.usernameKey | default "username" }}
{{- end }}
- name: KAFKA_SASL_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $sasl.existingSecret }}
      key: {{ $sasl.passwordKey | default "password" }}
{{- end }}
{{- end }}

{{/*
volumeMounts and volumes of the CA bundle and the client certificate (read-only files).
*/}}
{{- define "wildframe.kafkaVolumeMounts" -}}
{{- $tls := .Values.kafka.tls | default dict }}
{{- if and $tls.enabled $tls.caSecret }}
- name: kafka-ca
  mountPath: {{ include "wildframe.kafkaCaDir" . }}
  readOnly: true
{{- end }}
{{- if and $tls.enabled $tls.clientCertSecret }}
- name: kafka-client-cert
  mountPath: {{ include "wildframe.kafkaClientCertDir" . }}
  readOnly: true
{{- end }}
{{- end }}

{{- define "wildframe.kafkaVolumes" -}}
{{- $tls := .Values.kafka.tls | default dict }}
{{- if and $tls.enabled $tls.caSecret }}
- name: kafka-ca
  secret:
    secretName: {{ $tls.caSecret }}
    items:
      - key: {{ $tls.caKey | default "ca.crt" }}
        path: {{ $tls.caKey | default "ca.crt" }}
{{- end }}
{{- if and $tls.enabled $tls.clientCertSecret }}
- name: kafka-client-cert
  secret:
    secretName: {{ $tls.clientCertSecret }}
    items:
      - key: {{ $tls.clientCertKey | default "tls.crt" }}
        path: {{ $tls.clientCertKey | default "tls.crt" }}
      - key: {{ $tls.clientKeyKey | default "tls.key" }}
        path: {{ $tls.clientKeyKey | default "tls.key" }}
{{- end }}
{{- end }}
