// psa-check evaluates pod templates against a Pod Security Standards profile with Kubernetes' own
// admission code (k8s.io/pod-security-admission/policy), as a namespace labelled
// pod-security.kubernetes.io/enforce=<level> would on admission.
//
// Input (stdin): a JSON array of {"id": "Kind/name", "metadata": <pod ObjectMeta>, "spec": <PodSpec>}
// (tools/deploy-check.mjs sends the pod template of every rendered workload).
// Output (stdout): a JSON array of {"id", "allowed", "violations": [{"reason", "detail"}]}.
// Flags: -level restricted|baseline|privileged (default restricted), -version latest|v1.N.
// Exit status: 0 when it could evaluate (whatever the verdicts), 2 on bad input.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	psaapi "k8s.io/pod-security-admission/api"
	"k8s.io/pod-security-admission/policy"
)

type podInput struct {
	ID       string            `json:"id"`
	Metadata metav1.ObjectMeta `json:"metadata"`
	Spec     corev1.PodSpec    `json:"spec"`
}

type violation struct {
	Reason string `json:"reason"`
	Detail string `json:"detail"`
}

type verdict struct {
	ID         string      `json:"id"`
	Allowed    bool        `json:"allowed"`
	Violations []violation `json:"violations"`
}

func main() {
	levelFlag := flag.String("level", "restricted", "Pod Security Standards level")
	versionFlag := flag.String("version", "latest", "policy version (latest or v1.N)")
	flag.Parse()

	level, err := psaapi.ParseLevel(*levelFlag)
	if err != nil {
		fail("-level: %v", err)
	}
	version, err := psaapi.ParseVersion(*versionFlag)
	if err != nil {
		fail("-version: %v", err)
	}
	raw, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail("reading stdin: %v", err)
	}
	var pods []podInput
	if err := json.Unmarshal(raw, &pods); err != nil {
		fail("stdin is not a JSON array of {id, metadata, spec}: %v", err)
	}
	evaluator, err := policy.NewEvaluator(policy.DefaultChecks())
	if err != nil {
		fail("policy evaluator: %v", err)
	}
	lv := psaapi.LevelVersion{Level: level, Version: version}
	verdicts := make([]verdict, 0, len(pods))
	for i := range pods {
		pod := &pods[i]
		v := verdict{ID: pod.ID, Allowed: true, Violations: []violation{}}
		for _, result := range evaluator.EvaluatePod(lv, &pod.Metadata, &pod.Spec) {
			if !result.Allowed {
				v.Allowed = false
				v.Violations = append(v.Violations, violation{Reason: result.ForbiddenReason, Detail: result.ForbiddenDetail})
			}
		}
		verdicts = append(verdicts, v)
	}
	out := json.NewEncoder(os.Stdout)
	out.SetIndent("", "  ")
	if err := out.Encode(verdicts); err != nil {
		fail("writing stdout: %v", err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "psa-check: "+format+"\n", args...)
	os.Exit(2)
}
