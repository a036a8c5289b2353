public enum AnalysisPlaceholder {}
